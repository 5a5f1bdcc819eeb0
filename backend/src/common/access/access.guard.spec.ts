import { type ExecutionContext, Logger } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import { requestContext } from '../audit/request-context.js';
import type { Principal } from '../auth/principal.js';
import type { PrincipalService } from '../auth/principal.service.js';
import type { SessionService } from '../auth/session.service.js';
import { TokenService } from '../auth/token.service.js';
import type { SettingsStore } from '../auth/settings.store.js';
import type { AppConfig } from '../../config/config.js';
import { ErrorCode } from '../errors/domain.exception.js';
import { createSecretKey } from 'node:crypto';
import { JwtService } from '@nestjs/jwt';
import { Authenticator } from '../auth/authenticator.js';
import { JwtStrategy } from '../auth/jwt.strategy.js';
import { testPrincipal } from '../auth/principal.testing.js';
import { AccessGuard, type AuthedRequest } from './access.guard.js';
import { ACCESS_KEY, AdminOnly, AllowDuringPasswordChange, AllowQueryToken, Authenticated, Public, RequirePermissions } from './permissions.decorator.js';

class Probe {
  @Public()
  open() {}

  @Authenticated()
  mine() {}

  @RequirePermissions('user:list', 'job:list')
  list() {}

  @AdminOnly()
  online() {}

  @AllowQueryToken()
  @Authenticated()
  download() {}

  forgotten() {}

  @AllowDuringPasswordChange()
  @Authenticated()
  whoAmI() {}

  @AllowDuringPasswordChange()
  @RequirePermissions('user:list')
  listDuringChange() {}
}

@Authenticated()
class ClassLevel {
  inherited() {}

  @Public()
  overridden() {}
}

const principal = (over: Partial<Omit<Principal, 'ability'>> = {}): Principal =>
  testPrincipal({
    userId: 7,
    username: 'alice',
    sessionId: 'sid-1',
    isAdmin: false,
    permissions: [],
    deptId: 3,
    workDeptId: 3,
    dataScope: [3],
    level: 2,
    passwordChangeRequired: false,
    ...over,
  });

const context = (cls: new () => object, method: string, req: Partial<AuthedRequest>, type = 'http'): ExecutionContext =>
  ({
    getType: () => type,
    getClass: () => cls,
    getHandler: () => (cls.prototype as Record<string, unknown>)[method],
    switchToHttp: () => ({ getRequest: () => req, getResponse: () => ({}) }),
  }) as unknown as ExecutionContext;

const key = createSecretKey(Buffer.from('x'.repeat(40), 'utf8'));
/** A real TokenService on a fixed secret (its key equals `key` for 'x' × 40). */
async function tokenService(secret: string): Promise<TokenService> {
  const service = new TokenService({ jwtSecret: secret } as AppConfig, {} as SettingsStore, new JwtService());
  await service.onModuleInit();
  return service;
}
const jwt = new JwtService();
const token = (claims: object = { sid: 'sid-1', sub: '7', username: 'alice' }) => jwt.sign(claims, { secret: key as unknown as Buffer, algorithm: 'HS256' });

describe('access decorators', () => {
  it('declare the rule the guard reads', () => {
    const rule = (method: keyof Probe) => Reflect.getMetadata(ACCESS_KEY, Probe.prototype[method]);
    expect(rule('open')).toEqual({ kind: 'public' });
    expect(rule('mine')).toEqual({ kind: 'authenticated' });
    expect(rule('list')).toEqual({ kind: 'permissions', codes: ['user:list', 'job:list'] });
    expect(rule('online')).toEqual({ kind: 'permissions', codes: [] });
    expect(rule('forgotten')).toBeUndefined();
  });
});

describe('AccessGuard', () => {
  let who: Principal | undefined;
  const fromSession = jest.fn(async (_sid: string) => who);
  // The real Passport `jwt` strategy (it registers itself with passport), with a stubbed session lookup.
  new JwtStrategy();
  let tokens: TokenService;
  let guard: AccessGuard;
  const bearer = (t = token()) => ({ headers: { authorization: `Bearer ${t}` }, query: {} });
  const run = (cls: new () => object, method: string, req: Partial<AuthedRequest> = bearer()) => guard.canActivate(context(cls, method, req));

  beforeAll(() => Logger.overrideLogger(false));
  afterAll(() => Logger.overrideLogger(['log', 'error', 'warn', 'debug', 'verbose']));
  // A fresh token service (and so an empty memo of verified tokens) for every test: each starts at Passport.
  beforeEach(async () => {
    who = undefined;
    fromSession.mockClear();
    tokens = await tokenService('x'.repeat(40));
    guard = new AccessGuard(new Reflector(), tokens, { fromSession } as unknown as Authenticator);
  });

  it('denies a handler without a rule (403), even to an administrator', async () => {
    who = principal({ isAdmin: true, permissions: ['admin'] });
    await expect(run(Probe, 'forgotten')).rejects.toMatchObject({ status: 403, code: ErrorCode.Forbidden });
  });

  it('lets anyone through a public handler and still resolves the caller when there is one', async () => {
    await expect(run(Probe, 'open', { headers: {}, query: {} })).resolves.toBe(true);
    await expect(run(Probe, 'open')).resolves.toBe(true);
    who = principal();
    const req: Partial<AuthedRequest> = bearer();
    await expect(run(Probe, 'open', req)).resolves.toBe(true);
    expect(req.principal).toBe(who);
    expect(fromSession).toHaveBeenLastCalledWith('sid-1');
  });

  it('verifies the token with Passport: a forged, unsigned or claim-less token reaches no session (401)', async () => {
    who = principal();
    const forged = jwt.sign({ sid: 'sid-1' }, { secret: 'y'.repeat(40), algorithm: 'HS256' });
    const unsigned = `${Buffer.from('{"alg":"none"}').toString('base64url')}.${Buffer.from('{"sid":"sid-1"}').toString('base64url')}.`;
    for (const t of [forged, unsigned, 'garbage', token({ sub: '7' })]) {
      await expect(run(Probe, 'mine', bearer(t))).rejects.toMatchObject({ status: 401 });
    }
    expect(fromSession).not.toHaveBeenCalled();
    // A doubled or missing prefix is tolerated.
    await expect(run(Probe, 'mine', { headers: { authorization: `Bearer Bearer ${token()}` }, query: {} })).resolves.toBe(true);
    await expect(run(Probe, 'mine', { headers: { authorization: token() }, query: {} })).resolves.toBe(true);
  });

  it('answers 401 without a session on every other handler', async () => {
    for (const method of ['mine', 'list', 'online']) {
      await expect(run(Probe, method)).rejects.toMatchObject({ status: 401, code: ErrorCode.SessionExpired, message: '登录状态已过期，请重新登录' });
      await expect(run(Probe, method, { headers: {}, query: {} })).rejects.toMatchObject({ status: 401, code: ErrorCode.SessionExpired });
    }
  });

  it('lets any caller through an authenticated handler', async () => {
    who = principal();
    await expect(run(Probe, 'mine')).resolves.toBe(true);
  });

  it('needs one of the codes on a permission handler (403 otherwise)', async () => {
    who = principal({ permissions: ['news:list'] });
    await expect(run(Probe, 'list')).rejects.toMatchObject({ status: 403, message: '没有权限执行此操作' });
    who = principal({ permissions: ['job:list'] });
    await expect(run(Probe, 'list')).resolves.toBe(true);
    who = principal({ isAdmin: true, permissions: ['admin'] });
    await expect(run(Probe, 'list')).resolves.toBe(true);
  });

  it('lets only administrators through an admin-only handler', async () => {
    who = principal({ permissions: ['user:list', 'user:add', 'user:edit', 'user:del'] });
    await expect(run(Probe, 'online')).rejects.toMatchObject({ status: 403 });
    who = principal({ isAdmin: true, permissions: ['admin'] });
    await expect(run(Probe, 'online')).resolves.toBe(true);
  });

  it('reads a class-level rule, a handler rule winning over it', async () => {
    await expect(run(ClassLevel, 'inherited')).rejects.toMatchObject({ status: 401 });
    await expect(run(ClassLevel, 'overridden')).resolves.toBe(true);
  });

  it('lets a caller with an initial password reach only the handlers marked for the change (403 PASSWORD_CHANGE_REQUIRED)', async () => {
    who = principal({ passwordChangeRequired: true, permissions: ['user:list', 'job:list'] });
    for (const method of ['mine', 'list']) {
      await expect(run(Probe, method)).rejects.toMatchObject({ status: 403, code: 'PASSWORD_CHANGE_REQUIRED', message: '首次登录或密码被重置后，请先修改密码' });
    }
    who = principal({ passwordChangeRequired: true, isAdmin: true, permissions: ['admin'] });
    await expect(run(Probe, 'online')).rejects.toMatchObject({ status: 403, code: 'PASSWORD_CHANGE_REQUIRED' });
    await expect(run(Probe, 'whoAmI')).resolves.toBe(true);
    await expect(run(Probe, 'open')).resolves.toBe(true);
    // The mark does not replace the handler's own rule.
    who = principal({ passwordChangeRequired: true });
    await expect(run(Probe, 'listDuringChange')).rejects.toMatchObject({ status: 403, code: ErrorCode.Forbidden });
    who = principal();
    await expect(run(Probe, 'mine')).resolves.toBe(true);
  });

  it('reads ?access_token= only on an @AllowQueryToken() handler, and records who acts for the audit trail', async () => {
    who = principal();
    const store: { userId?: number; username?: string } = {};
    await requestContext.run(store, () => run(Probe, 'download', { headers: {}, query: { access_token: token() } }));
    expect(fromSession).toHaveBeenLastCalledWith('sid-1');
    expect(store).toEqual({ userId: 7, username: 'alice' });
    fromSession.mockClear();
    await expect(run(Probe, 'mine', { headers: {}, query: { access_token: token() } })).rejects.toMatchObject({ status: 401 });
    expect(fromSession).not.toHaveBeenCalled();
  });

  it('keeps apps of one process apart: each guard verifies with its own key and sessions', async () => {
    const otherKey = createSecretKey(Buffer.from('z'.repeat(40), 'utf8'));
    const otherSession = jest.fn(async () => principal({ userId: 99 }));
    new JwtStrategy(); // a second app registers the strategy again
    const other = new AccessGuard(new Reflector(), await tokenService('z'.repeat(40)), { fromSession: otherSession } as unknown as Authenticator);
    who = principal();
    const mine: Partial<AuthedRequest> = bearer();
    await expect(guard.canActivate(context(Probe, 'mine', mine))).resolves.toBe(true);
    expect(mine.principal?.userId).toBe(7);
    // The very token this guard has verified (and remembered) means nothing to the other app.
    await expect(other.canActivate(context(Probe, 'mine', { headers: { ...mine.headers }, query: {} }))).rejects.toMatchObject({ status: 401 });
    const theirs: Partial<AuthedRequest> = { headers: { authorization: `Bearer ${jwt.sign({ sid: 's2' }, { secret: otherKey as unknown as Buffer, algorithm: 'HS256' })}` }, query: {} };
    await expect(other.canActivate(context(Probe, 'mine', theirs))).resolves.toBe(true);
    expect(otherSession).toHaveBeenCalledWith('s2');
    expect(theirs.principal?.userId).toBe(99);
  });

  it('verifies a token once per process, and still asks for its session on every request', async () => {
    const fresh = await tokenService('x'.repeat(40));
    const verify = jest.spyOn(fresh, 'verificationKey');
    const g = new AccessGuard(new Reflector(), fresh, { fromSession } as unknown as Authenticator);
    const t = token({ sid: 'sid-9', sub: '7', username: 'alice' });
    who = principal();
    for (let i = 0; i < 3; i++) await expect(g.canActivate(context(Probe, 'mine', bearer(t)))).resolves.toBe(true);
    expect(verify).toHaveBeenCalledTimes(1); // Passport's key provider: the first request only
    expect(fromSession.mock.calls).toEqual([['sid-9'], ['sid-9'], ['sid-9']]);
    // The session revoked since: the remembered token reaches no one.
    who = undefined;
    await expect(g.canActivate(context(Probe, 'mine', bearer(t)))).rejects.toMatchObject({ status: 401 });
    // One byte changed in the signature: a different token, verified anew and refused.
    who = principal();
    const tampered = t.slice(0, -2) + (t.at(-2) === 'A' ? 'B' : 'A') + t.at(-1);
    fromSession.mockClear();
    await expect(g.canActivate(context(Probe, 'mine', bearer(tampered)))).rejects.toMatchObject({ status: 401 });
    expect(fromSession).not.toHaveBeenCalled();
    expect(verify).toHaveBeenCalledTimes(2);
  });

  it('remembers a token seen on an @AllowQueryToken() handler, and still reads ?access_token= nowhere else', async () => {
    who = principal();
    const t = token({ sid: 'sid-q', sub: '7', username: 'alice' });
    await expect(run(Probe, 'download', { headers: {}, query: { access_token: t } })).resolves.toBe(true);
    expect(tokens.verifiedSession(t)).toBe('sid-q');
    fromSession.mockClear();
    await expect(run(Probe, 'mine', { headers: {}, query: { access_token: t } })).rejects.toMatchObject({ status: 401 });
    expect(fromSession).not.toHaveBeenCalled();
    await expect(run(Probe, 'mine', bearer(t))).resolves.toBe(true);
  });

  it('leaves non-HTTP contexts alone', async () => {
    await expect(guard.canActivate(context(Probe, 'forgotten', {}, 'ws'))).resolves.toBe(true);
  });
});

describe('TokenService memo of verified tokens', () => {
  it('read() verifies a token once, and never remembers a bad one', async () => {
    const service = await tokenService('x'.repeat(40));
    const verify = jest.spyOn(JwtService.prototype, 'verify');
    const t = token({ sid: 'sid-r', sub: '7', username: 'alice' });
    expect(service.read(t)).toBe('sid-r');
    expect(service.read(t)).toBe('sid-r');
    expect(verify).toHaveBeenCalledTimes(1);
    const forged = jwt.sign({ sid: 'sid-r' }, { secret: 'another secret of forty characters at least!', algorithm: 'HS256' });
    expect(service.read(forged)).toBeUndefined();
    expect(service.read(forged)).toBeUndefined();
    expect(verify).toHaveBeenCalledTimes(3);
    expect(service.verifiedSession(forged)).toBeUndefined();
    verify.mockRestore();
  });

  it('drops a remembered token once its exp has passed', async () => {
    const service = await tokenService('x'.repeat(40));
    const now = Math.floor(Date.now() / 1000);
    const t = jwt.sign({ sid: 'sid-e', exp: now + 60 }, { secret: key as unknown as Buffer, algorithm: 'HS256' });
    expect(service.read(t)).toBe('sid-e');
    const clock = jest.spyOn(Date, 'now').mockReturnValue((now + 61) * 1000);
    expect(service.verifiedSession(t)).toBeUndefined();
    expect(service.read(t)).toBeUndefined(); // jsonwebtoken: expired
    clock.mockRestore();
  });

  it('keeps at most 20,000 tokens, the oldest leaving first, and none longer than 512 characters', async () => {
    const service = await tokenService('x'.repeat(40));
    for (let i = 0; i < 20_001; i++) service.remember(`t${i}`, { sid: `s${i}` });
    expect(service.verifiedSession('t0')).toBeUndefined();
    expect(service.verifiedSession('t1')).toBe('s1');
    expect(service.verifiedSession('t20000')).toBe('s20000');
    service.remember('t1', { sid: 's1' }); // already there: nothing else leaves
    expect(service.verifiedSession('t2')).toBe('s2');
    service.remember('x'.repeat(513), { sid: 'long' });
    expect(service.verifiedSession('x'.repeat(513))).toBeUndefined();
  });
});

describe('Authenticator', () => {
  const setup = (opts: { sid?: string; session?: object; user?: object }) => {
    const tokens = { read: jest.fn(() => opts.sid) };
    const sessions = { touch: jest.fn(async () => opts.session), revoke: jest.fn(async () => undefined) };
    const principals = { load: jest.fn(async () => opts.user) };
    const auth = new Authenticator(tokens as unknown as TokenService, sessions as unknown as SessionService, principals as unknown as PrincipalService);
    return { auth, tokens, sessions, principals };
  };
  const user = { userId: 7, username: 'alice', enabled: true, isAdmin: false, permissions: ['a'], deptId: 3, dataScope: [3], level: 2 };

  it('resolves token → session → principal', async () => {
    const { auth, tokens, sessions } = setup({ sid: 'sid-1', session: { userId: 7 }, user });
    const p = await auth.authenticate('Bearer tok', undefined);
    expect(tokens.read).toHaveBeenCalledWith('tok');
    expect(sessions.touch).toHaveBeenCalledWith('sid-1');
    expect(p).toEqual({ userId: 7, username: 'alice', isAdmin: false, permissions: ['a'], deptId: 3, dataScope: [3], level: 2, sessionId: 'sid-1' });
    expect(await auth.fromSession('sid-1')).toEqual(p);
    expect(p).not.toHaveProperty('enabled');
  });

  it('answers undefined without a token, for a bad token or an ended session', async () => {
    expect(await setup({ sid: 'x', session: { userId: 7 }, user }).auth.authenticate(undefined, undefined)).toBeUndefined();
    const bad = setup({ sid: undefined, session: { userId: 7 }, user });
    expect(await bad.auth.authenticate('Bearer forged', undefined)).toBeUndefined();
    expect(bad.sessions.touch).not.toHaveBeenCalled();
    expect(await setup({ sid: 'sid-1', session: undefined, user }).auth.authenticate('Bearer t', undefined)).toBeUndefined();
  });

  it('ends the session of a disabled or deleted user', async () => {
    for (const u of [{ ...user, enabled: false }, undefined]) {
      const { auth, sessions } = setup({ sid: 'sid-1', session: { userId: 7 }, user: u });
      expect(await auth.authenticate('Bearer t', undefined)).toBeUndefined();
      expect(sessions.revoke).toHaveBeenCalledWith(['sid-1']);
    }
  });
});
