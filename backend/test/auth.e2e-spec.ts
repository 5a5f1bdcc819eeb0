import { createPublicKey } from 'node:crypto';
import { DataSource } from 'typeorm';
import { ADMIN_PASSWORD, bearer, createTestApp, type TestApp, USER_PASSWORD } from './utils/test-app';

/** Session id carried by a token (the JWT's `sid` claim). */
const sessionId = (token: string): string => JSON.parse(Buffer.from(token.split('.')[1], 'base64url').toString('utf8')).sid as string;

const HOUR = 3600_000;

describe('auth', () => {
  let t: TestApp;
  let db: DataSource;
  let admin: string;

  /** Creates a user (default password) through the API and returns its id. */
  const createUser = async (username: string, extra: Record<string, unknown> = {}): Promise<number> => {
    return (await t.createUser({ username, nickName: username, enabled: true, roles: [], ...extra }, admin)).id;
  };

  const attempt = (username: string, password: string) => t.http().post('/auth/login').send({ username, password: t.encrypt(password), code: '', uuid: '' });

  const info = (token: string) => t.http().get('/auth/info').set('Authorization', bearer(token));

  beforeAll(async () => {
    t = await createTestApp();
    db = t.app.get(DataSource);
    admin = await t.login('admin');
  });
  afterAll(() => t.close());

  describe('GET auth/publicKey', () => {
    it('answers a 2048-bit SPKI PEM that stays the same', async () => {
      const res = await t.http().get('/auth/publicKey');
      expect(res.status).toBe(200);
      expect(res.body.publicKey).toMatch(/^-----BEGIN PUBLIC KEY-----\n[\s\S]+\n-----END PUBLIC KEY-----\n?$/);
      expect(createPublicKey(res.body.publicKey).asymmetricKeyDetails?.modulusLength).toBe(2048);
      expect((await t.http().get('/auth/publicKey')).body.publicKey).toBe(res.body.publicKey);
    });

    it('refuses a plain-text password', async () => {
      const res = await t.http().post('/auth/login').send({ username: 'admin', password: ADMIN_PASSWORD, code: '', uuid: '' });
      expect(res.status).toBe(400);
      expect(res.body).toMatchObject({ status: 400, message: '密码必须使用公钥加密后传输' });
    });

    it('refuses a ciphertext made with another key', async () => {
      const res = await t.http().post('/auth/login').send({ username: 'admin', password: Buffer.alloc(256, 7).toString('base64'), code: '', uuid: '' });
      expect(res.status).toBe(400);
      expect(res.body.message).toBe('密码解密失败，请刷新页面后重试');
    });
  });

  describe('POST auth/login', () => {
    it('answers {token, user} with no password hash anywhere', async () => {
      const res = await attempt('admin', ADMIN_PASSWORD);
      expect(res.status).toBe(200);
      expect(typeof res.body.token).toBe('string');
      expect(res.body.user).toMatchObject({ username: 'admin', nickName: '管理员', enabled: true, dept: { name: '总部' } });
      expect(res.body.user.roles).toEqual([expect.objectContaining({ name: '管理员', level: 1, dataScope: '全部' })]);
      expect(res.body.user.createTime).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
      // No password field (the answer's passwordChangeRequired flag is no secret).
      expect(res.text).not.toMatch(/"password"/i);
      expect(res.body.passwordChangeRequired).toBe(false);
      expect(res.text).not.toContain('$argon2');
      expect(res.body.user).not.toHaveProperty('isAdmin');
    });

    it('accepts the username in any case', async () => {
      expect((await attempt('ADMIN', ADMIN_PASSWORD)).status).toBe(200);
    });

    it('answers the same 400 for an unknown user and a wrong password', async () => {
      const unknown = await attempt('no-such-user', 'Whatever@1');
      const wrong = await attempt('reviewer', 'Whatever@1');
      expect(unknown.status).toBe(400);
      expect(wrong.status).toBe(400);
      expect(unknown.body.message).toBe('用户名或密码错误');
      expect(wrong.body.message).toBe(unknown.body.message);
      expect(wrong.body.code).toBe(unknown.body.code);
    });

    it('answers 400 with a readable message on bad input', async () => {
      const cases: Array<[object, string]> = [
        [{ password: t.encrypt('x') }, '用户名不能为空'],
        [{ username: '', password: t.encrypt('x') }, '用户名不能为空'],
        [{ username: 'u'.repeat(65), password: t.encrypt('x') }, '用户名不能超过 64 个字符'],
        [{ username: 'admin' }, '密码不能为空'],
        [{ username: 'admin', password: 12345 }, '密码不能为空'],
        [{ username: 'admin', password: t.encrypt(ADMIN_PASSWORD), rememberMe: 'maybe' }, 'rememberMe 必须是 true 或 false'],
        [{ username: 'admin', password: t.encrypt(ADMIN_PASSWORD), uuid: 'u'.repeat(65) }, 'uuid 格式不正确'],
      ];
      for (const [body, message] of cases) {
        const res = await t.http().post('/auth/login').send(body);
        expect(res.status).toBe(400);
        expect(res.body).toMatchObject({ status: 400, message });
      }
      const malformed = await t.http().post('/auth/login').set('Content-Type', 'application/json').send('{"username":');
      expect(malformed.status).toBe(400);
      expect(malformed.body.message).toBe('请求体不是合法的 JSON');
      const huge = await t.http().post('/auth/login').send({ username: 'admin', password: 'x'.repeat(3 * 1024 * 1024) });
      expect(huge.status).toBe(413);
      expect(huge.body).toMatchObject({ status: 413, message: '请求体过大' });
    });

    it('refuses a disabled account exactly like a wrong password, and counts it as a failure (issue 12)', async () => {
      await createUser('disabled1', { enabled: false });
      const right = await attempt('disabled1', USER_PASSWORD);
      const wrong = await attempt('disabled1', 'Wrong@pass1');
      expect(right.status).toBe(400);
      expect(right.body).toEqual({ ...wrong.body, timestamp: right.body.timestamp });
      expect(right.body).toMatchObject({ status: 400, message: '用户名或密码错误', code: 'BAD_CREDENTIALS' });
      expect(await db.query("SELECT failures FROM sys_login_attempt WHERE username = 'disabled1'")).toEqual([{ failures: 2 }]);
    });
  });

  describe('login lockout', () => {
    it('answers 429 after 5 failures for a username within 15 minutes, saying when to retry', async () => {
      await createUser('lockme');
      for (let i = 0; i < 5; i++) expect((await attempt('lockme', 'Wrong@pass1')).status).toBe(400);
      const locked = await attempt('lockme', USER_PASSWORD);
      expect(locked.status).toBe(429);
      expect(locked.body).toMatchObject({ status: 429, message: '登录失败次数过多，请 15 分钟后再试' });
      // other usernames are not affected
      expect((await attempt('reviewer', USER_PASSWORD)).status).toBe(200);
      // the same name in another case is the same account
      expect((await attempt('LOCKME', USER_PASSWORD)).status).toBe(429);
      // failures older than the window do not count
      await db.query("UPDATE sys_login_attempt SET window_start = now() - interval '16 minutes' WHERE username = 'lockme'");
      expect((await attempt('lockme', USER_PASSWORD)).status).toBe(200);
    });

    it('locks an unknown username the same way (no hint that it does not exist)', async () => {
      for (let i = 0; i < 5; i++) expect((await attempt('ghost', 'Wrong@pass1')).body.message).toBe('用户名或密码错误');
      const res = await attempt('ghost', 'Wrong@pass1');
      expect(res.status).toBe(429);
      expect(res.body.message).toMatch(/请 \d+ 分钟后再试/);
    });

    it('clears the failures after a successful login', async () => {
      await createUser('resetfail');
      for (let i = 0; i < 4; i++) await attempt('resetfail', 'Wrong@pass1');
      expect((await attempt('resetfail', USER_PASSWORD)).status).toBe(200);
      for (let i = 0; i < 4; i++) expect((await attempt('resetfail', 'Wrong@pass1')).status).toBe(400);
      expect((await attempt('resetfail', USER_PASSWORD)).status).toBe(200);
    });
  });

  describe('GET auth/info', () => {
    it('answers the admin with roles [admin] and dataScopes []', async () => {
      const res = await info(admin);
      expect(res.status).toBe(200);
      expect(res.body.roles).toEqual(['admin']);
      expect(res.body.dataScopes).toEqual([]);
      expect(res.body.user).toMatchObject({ username: 'admin' });
      expect(res.text).not.toMatch(/"password"|\$argon2/i);
    });

    it('answers a translator with permission codes and their own department as data scope', async () => {
      const res = await info(await t.login('translator'));
      expect(res.status).toBe(200);
      expect(res.body.roles).toEqual(expect.arrayContaining(['news:translate', 'news:list']));
      expect(res.body.roles).not.toContain('admin');
      expect(res.body.roles).not.toContain('user:list');
      expect(res.body.user.dept.name).toBe('编译部');
      expect(res.body.dataScopes).toEqual([res.body.user.dept.id]);
      expect(res.text).not.toMatch(/"password"|\$argon2/i);
    });

    it('answers 401 {status, message} without a token', async () => {
      const res = await t.http().get('/auth/info');
      expect(res.status).toBe(401);
      expect(res.body).toMatchObject({ status: 401, message: '登录状态已过期，请重新登录' });
      expect(typeof res.body.timestamp).toBe('number');
    });
  });

  describe('tokens', () => {
    it('accepts Authorization: Bearer, a raw token and a doubled prefix; ?access_token= only on the routes that allow it', async () => {
      const token = await t.login('editor');
      expect((await t.http().get('/auth/info').set('Authorization', `Bearer ${token}`)).status).toBe(200);
      expect((await t.http().get('/auth/info').set('Authorization', token)).status).toBe(200);
      expect((await t.http().get('/auth/info').set('Authorization', `Bearer Bearer ${token}`)).status).toBe(200);
      // issue 12: a login token in the URL leaks into logs and history; auth/info is not a download
      expect((await t.http().get('/auth/info').query({ access_token: token })).status).toBe(401);
    });

    it('answers 401 {status, message} for a garbage, foreign or expired token', async () => {
      const token = await t.login('editor');
      const [head, payload] = token.split('.');
      const forged = `${head}.${payload}.${Buffer.from('not the signature').toString('base64url')}`;
      for (const bad of ['garbage', 'Bearer ', 'a.b.c', forged]) {
        const res = await t.http().get('/auth/info').set('Authorization', bad.startsWith('Bearer') ? bad : bearer(bad));
        expect(res.status).toBe(401);
        expect(res.body).toMatchObject({ status: 401, message: expect.any(String) });
      }
      expect((await t.http().get('/auth/info').query({ access_token: 'garbage' })).status).toBe(401);
      await db.query("UPDATE sys_session SET expires_at = now() - interval '1 second' WHERE id = $1", [sessionId(token)]);
      const expired = await info(token);
      expect(expired.status).toBe(401);
      expect(expired.body).toMatchObject({ status: 401, message: '登录状态已过期，请重新登录' });
    });
  });

  describe('DELETE auth/logout', () => {
    it('is idempotent, answers 200 without a token and makes the token unusable', async () => {
      const token = await t.login('editor');
      expect((await info(token)).status).toBe(200);
      expect((await t.http().delete('/auth/logout').set('Authorization', bearer(token))).status).toBe(200);
      expect((await t.http().delete('/auth/logout').set('Authorization', bearer(token))).status).toBe(200);
      expect((await t.http().delete('/auth/logout')).status).toBe(200);
      expect((await t.http().delete('/auth/logout').set('Authorization', 'Bearer garbage')).status).toBe(200);
      const after = await info(token);
      expect(after.status).toBe(401);
      expect(after.body.status).toBe(401);
      expect(await db.query('SELECT 1 FROM sys_session WHERE id = $1', [sessionId(token)])).toEqual([]);
    });

    it('ends only the session it was called with', async () => {
      const first = await t.login('editor');
      const second = await t.login('editor');
      await t.http().delete('/auth/logout').set('Authorization', bearer(first));
      expect((await info(first)).status).toBe(401);
      expect((await info(second)).status).toBe(200);
    });
  });

  describe('sessions', () => {
    const lifetime = async (token: string): Promise<number> => {
      const rows: Array<{ login_time: Date; expires_at: Date; remember_me: boolean }> = await db.query('SELECT login_time, expires_at, remember_me FROM sys_session WHERE id = $1', [sessionId(token)]);
      return rows[0].expires_at.getTime() - rows[0].login_time.getTime();
    };

    it('lasts 4 hours, or 1 day with rememberMe', async () => {
      const short = await t.http().post('/auth/login').send({ username: 'editor', password: t.encrypt(USER_PASSWORD) });
      const long = await t.http().post('/auth/login').send({ username: 'editor', password: t.encrypt(USER_PASSWORD), rememberMe: true });
      const longFromString = await t.http().post('/auth/login').send({ username: 'editor', password: t.encrypt(USER_PASSWORD), rememberMe: 'true' });
      expect(Math.abs((await lifetime(short.body.token)) - 4 * HOUR)).toBeLessThan(5_000);
      expect(Math.abs((await lifetime(long.body.token)) - 24 * HOUR)).toBeLessThan(5_000);
      expect(Math.abs((await lifetime(longFromString.body.token)) - 24 * HOUR)).toBeLessThan(5_000);
    });

    it('slides the expiry forward on use', async () => {
      const token = await t.login('editor');
      await db.query("UPDATE sys_session SET last_access_time = now() - interval '2 hours', expires_at = now() + interval '2 hours' WHERE id = $1", [sessionId(token)]);
      expect((await info(token)).status).toBe(200);
      const rows: Array<{ expires_at: Date }> = await db.query('SELECT expires_at FROM sys_session WHERE id = $1', [sessionId(token)]);
      expect(Math.abs(rows[0].expires_at.getTime() - Date.now() - 4 * HOUR)).toBeLessThan(60_000);
    });

    it('disabling a user ends their sessions', async () => {
      const id = await createUser('sessdisable');
      const token = await t.login('sessdisable');
      expect((await info(token)).status).toBe(200);
      const res = await t.http().put('/api/users').set('Authorization', bearer(admin)).send({ id, username: 'sessdisable', nickName: 'x', enabled: false, roles: [] });
      expect(res.status).toBe(204);
      expect((await info(token)).status).toBe(401);
      expect((await info(admin)).status).toBe(200);
    });

    it('resetting a password ends that user\'s sessions and restores the default password', async () => {
      const id = await createUser('sessreset');
      const token = await t.login('sessreset');
      const res = await t.http().put('/api/users/resetPwd').set('Authorization', bearer(admin)).send([id]);
      expect(res.status).toBe(200);
      expect((await info(token)).status).toBe(401);
      expect((await info(admin)).status).toBe(200);
      expect((await attempt('sessreset', USER_PASSWORD)).status).toBe(200);
      await t.passwordChanged(id);
    });

    it('changing a password ends the other sessions but keeps the caller\'s', async () => {
      await createUser('sesspass');
      const mine = await t.login('sesspass');
      const other = await t.login('sesspass');
      const res = await t.http().post('/api/users/updatePass').set('Authorization', bearer(mine)).send({ oldPass: t.encrypt(USER_PASSWORD), newPass: t.encrypt('Changed@pass1') });
      expect(res.status).toBe(200);
      expect((await info(mine)).status).toBe(200);
      expect((await info(other)).status).toBe(401);
      expect((await attempt('sesspass', USER_PASSWORD)).status).toBe(400);
      expect((await attempt('sesspass', 'Changed@pass1')).status).toBe(200);
    });
  });

  describe('GET/DELETE auth/online', () => {
    it('lists live sessions to the admin, marking the current one', async () => {
      await t.login('reviewer');
      const res = await t.http().get('/auth/online?page=0&size=100').set('Authorization', bearer(admin));
      expect(res.status).toBe(200);
      expect(res.body.totalElements).toBeGreaterThanOrEqual(2);
      const mine = res.body.content.find((s: { key: string }) => s.key === sessionId(admin));
      expect(mine).toMatchObject({ userName: 'admin', nickName: '管理员', dept: '总部', current: true });
      expect(mine.loginTime).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
      expect(mine.lastAccessTime).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
      const others = res.body.content.filter((s: { current: boolean }) => !s.current);
      expect(others.length).toBeGreaterThan(0);
      expect(res.text).not.toMatch(/password|\$argon2/i);
    });

    it('filters by username and pages', async () => {
      await t.login('reviewer');
      await t.login('reviewer');
      const res = await t.http().get('/auth/online?username=review&page=0&size=1').set('Authorization', bearer(admin));
      expect(res.status).toBe(200);
      expect(res.body.content).toHaveLength(1);
      expect(res.body.content[0].userName).toBe('reviewer');
      expect(res.body.totalElements).toBeGreaterThanOrEqual(2);
      const second = await t.http().get('/auth/online?username=review&page=1&size=1').set('Authorization', bearer(admin));
      expect(second.body.content[0].key).not.toBe(res.body.content[0].key);
      const far = await t.http().get('/auth/online?username=review&page=999&size=1').set('Authorization', bearer(admin));
      expect(far.body).toEqual({ content: [], totalElements: res.body.totalElements });
    });

    it('kicks a session by key', async () => {
      await createUser('kickme');
      const token = await t.login('kickme');
      const list = await t.http().get('/auth/online?username=kickme').set('Authorization', bearer(admin));
      expect(list.body.content).toHaveLength(1);
      expect(list.body.content[0].key).toBe(sessionId(token));
      const res = await t.http().delete('/auth/online').set('Authorization', bearer(admin)).send([list.body.content[0].key]);
      expect(res.status).toBe(200);
      expect((await info(token)).status).toBe(401);
      expect((await t.http().get('/auth/online?username=kickme').set('Authorization', bearer(admin))).body.totalElements).toBe(0);
    });

    it('is for admins only', async () => {
      const translator = await t.login('translator');
      expect((await t.http().get('/auth/online').set('Authorization', bearer(translator))).status).toBe(403);
      expect((await t.http().delete('/auth/online').set('Authorization', bearer(translator)).send([sessionId(admin)])).status).toBe(403);
      expect((await t.http().get('/auth/online')).status).toBe(401);
      expect((await t.http().delete('/auth/online').send([sessionId(admin)])).status).toBe(401);
      expect((await info(admin)).status).toBe(200);
    });

    it('answers 400 on bad input', async () => {
      for (const body of [[], {}, [1], ['not-a-session-id']]) {
        const res = await t.http().delete('/auth/online').set('Authorization', bearer(admin)).send(body);
        expect(res.status).toBe(400);
        expect(res.body.message).toMatch(/[\u4e00-\u9fa5]/);
      }
      expect((await t.http().get('/auth/online?size=5000').set('Authorization', bearer(admin))).body).toMatchObject({ status: 400, message: 'size 不能超过 1000' });
      expect((await t.http().get('/auth/online?page=abc').set('Authorization', bearer(admin))).body).toMatchObject({ status: 400, message: 'page 必须是整数' });
    });
  });

  describe('handoff codes (auth/handoff → auth/handoff/exchange)', () => {
    const mint = (token: string | null, body: object = { purpose: 'setManu' }) => {
      const r = t.http().post('/auth/handoff').send(body);
      return token ? r.set('Authorization', bearer(token)) : r;
    };
    const exchange = (code: unknown, purpose: unknown = 'setManu') => t.http().post('/auth/handoff/exchange').send({ code, purpose });

    it('gives a new session of the minting user, once; only the hash is stored', async () => {
      const minted = await mint(admin);
      expect(minted.status).toBe(201);
      expect(minted.body).toEqual({ code: expect.stringMatching(/^[A-Za-z0-9_-]{43}$/), expiresIn: 60 });
      const [{ n }] = await db.query('SELECT count(*)::int AS n FROM sys_auth_handoff WHERE code_hash = $1', [minted.body.code]);
      expect(n).toBe(0);
      const used = await exchange(minted.body.code);
      expect(used.status).toBe(200);
      expect(used.body).toMatchObject({ token: expect.any(String), user: { username: 'admin' } });
      expect(used.body.token).not.toBe(admin);
      expect((await info(used.body.token)).body.user.username).toBe('admin');
      const again = await exchange(minted.body.code);
      expect(again.status).toBe(401);
      expect(again.body.message).toBe('链接已失效，请从原页面重新打开');
    });

    it('refuses expired, unknown and malformed codes, a code of a disabled user, and minting without a session', async () => {
      const expired = (await mint(admin)).body.code as string;
      await db.query("UPDATE sys_auth_handoff SET expires_at = now() - interval '1 second' WHERE used_at IS NULL");
      expect((await exchange(expired)).status).toBe(401);
      expect((await exchange('x'.repeat(43))).status).toBe(401);
      const empty = await exchange('');
      expect(empty.status).toBe(400);
      expect(empty.body.message).toBe('交接码不能为空');
      expect((await exchange(42)).status).toBe(400);
      expect((await exchange('x'.repeat(129))).body.message).toBe('交接码格式不正确');
      const otherPurpose = await exchange((await mint(admin)).body.code, 'admin');
      expect(otherPurpose.status).toBe(400);
      expect(otherPurpose.body.message).toBe('purpose 只能是 setManu');
      expect((await mint(null)).status).toBe(401);
      expect((await mint(admin, { purpose: 'anything' })).body).toMatchObject({ status: 400, message: 'purpose 只能是 setManu' });

      await createUser('handoff-user');
      const token = await t.login('handoff-user');
      const code = (await mint(token)).body.code as string;
      await db.query("UPDATE sys_user SET enabled = false WHERE username = 'handoff-user'");
      expect((await exchange(code)).status).toBe(401);
    });
  });

  describe('CAS', () => {
    it('answers 404 with a clear message when CAS_SERVER_URL is not set', async () => {
      for (const url of ['/cas/ssologin', '/cas/casLogin?ticket=ST-1-abc']) {
        const res = await t.http().get(url);
        expect(res.status).toBe(404);
        expect(res.body).toMatchObject({ status: 404, message: '未配置 CAS 单点登录（CAS_SERVER_URL）' });
      }
    });
  });

  describe('GET auth/code with the captcha off', () => {
    it('still answers a captcha and says it is not required', async () => {
      const res = await t.http().get('/auth/code');
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({ enabled: false, uuid: expect.stringMatching(/^[0-9a-f]{32}$/) });
      expect(res.body.img).toMatch(/^data:image\/svg\+xml;base64,/);
    });
  });
});

describe('auth with the captcha on', () => {
  let t: TestApp;
  let db: DataSource;

  const captcha = async (): Promise<{ uuid: string; answer: string }> => {
    const res = await t.http().get('/auth/code');
    const rows: Array<{ answer: string }> = await db.query('SELECT answer FROM sys_captcha WHERE uuid = $1', [`captcha:${res.body.uuid}`]);
    return { uuid: res.body.uuid as string, answer: rows[0].answer };
  };

  const login = (body: { uuid?: string; code?: string; password?: string; username?: string }) =>
    t.http().post('/auth/login').send({ username: body.username ?? 'admin', password: t.encrypt(body.password ?? ADMIN_PASSWORD), uuid: body.uuid, code: body.code });

  beforeAll(async () => {
    t = await createTestApp({ captchaEnabled: true });
    db = t.app.get(DataSource);
  });
  afterAll(() => t.close());

  it('GET auth/code answers an image data URI and a uuid, stored for 2 minutes', async () => {
    const res = await t.http().get('/auth/code');
    expect(res.status).toBe(200);
    expect(res.body.enabled).toBe(true);
    expect(res.body.uuid).toMatch(/^[0-9a-f]{32}$/);
    expect(res.body.img).toMatch(/^data:image\/svg\+xml;base64,/);
    expect(Buffer.from(res.body.img.split(',')[1], 'base64').toString('utf8')).toContain('<svg');
    const rows: Array<{ answer: string; expires_at: Date }> = await db.query('SELECT answer, expires_at FROM sys_captcha WHERE uuid = $1', [`captcha:${res.body.uuid}`]);
    expect(rows).toHaveLength(1);
    expect(rows[0].answer).toMatch(/^-?\d+$/);
    const ttl = rows[0].expires_at.getTime() - Date.now();
    expect(ttl).toBeGreaterThan(110_000);
    expect(ttl).toBeLessThanOrEqual(120_000);
    expect(Object.keys(res.body).sort()).toEqual(['enabled', 'img', 'uuid']);
  });

  it('logs in with the right answer', async () => {
    const { uuid, answer } = await captcha();
    const res = await login({ uuid, code: answer });
    expect(res.status).toBe(200);
    expect(res.body.token).toBeTruthy();
  });

  it('is single use', async () => {
    const { uuid, answer } = await captcha();
    expect((await login({ uuid, code: answer })).status).toBe(200);
    const again = await login({ uuid, code: answer });
    expect(again.status).toBe(400);
    expect(again.body.message).toBe('验证码不存在或已过期');
  });

  it('answers 验证码错误 for a wrong code, and the captcha is then used up', async () => {
    const { uuid, answer } = await captcha();
    const wrong = await login({ uuid, code: String(Number(answer) + 100) });
    expect(wrong.status).toBe(400);
    expect(wrong.body).toMatchObject({ status: 400, message: '验证码错误' });
    const retry = await login({ uuid, code: answer });
    expect(retry.status).toBe(400);
    expect(retry.body.message).toBe('验证码不存在或已过期');
  });

  it('needs a new captcha after a wrong password', async () => {
    const { uuid, answer } = await captcha();
    const wrong = await login({ uuid, code: answer, password: 'Wrong@pass1' });
    expect(wrong.status).toBe(400);
    expect(wrong.body.message).toBe('用户名或密码错误');
    expect((await login({ uuid, code: answer })).body.message).toBe('验证码不存在或已过期');
    const fresh = await captcha();
    expect((await login({ uuid: fresh.uuid, code: fresh.answer })).status).toBe(200);
  });

  it('answers 验证码不存在或已过期 for a missing, unknown or expired captcha', async () => {
    expect((await login({})).body).toMatchObject({ status: 400, message: '验证码不存在或已过期' });
    expect((await login({ uuid: 'f'.repeat(32), code: '1' })).body).toMatchObject({ status: 400, message: '验证码不存在或已过期' });
    const { uuid, answer } = await captcha();
    await db.query("UPDATE sys_captcha SET expires_at = now() - interval '1 second' WHERE uuid = $1", [`captcha:${uuid}`]);
    const expired = await login({ uuid, code: answer });
    expect(expired.status).toBe(400);
    expect(expired.body.message).toBe('验证码不存在或已过期');
  });

  it('answers 验证码错误 for an empty code', async () => {
    const { uuid } = await captcha();
    expect((await login({ uuid, code: '' })).body.message).toBe('验证码错误');
  });
});
