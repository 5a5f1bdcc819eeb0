import { JwtService } from '@nestjs/jwt';
import type { AppConfig } from '../../config/config.js';
import type { SettingsStore } from './settings.store.js';
import { extractToken, TokenService } from './token.service.js';

describe('extractToken', () => {
  it('reads the Authorization header with or without the Bearer prefix', () => {
    expect(extractToken('Bearer abc.def.ghi', undefined)).toBe('abc.def.ghi');
    expect(extractToken('bearer   abc', undefined)).toBe('abc');
    expect(extractToken('abc', undefined)).toBe('abc');
    expect(extractToken('  Bearer abc  ', undefined)).toBe('abc');
  });

  it('tolerates a doubled prefix (eladmin tokens already carry one)', () => {
    expect(extractToken('Bearer Bearer abc', undefined)).toBe('abc');
  });

  it('falls back to ?access_token= when there is no header', () => {
    expect(extractToken(undefined, 'q.r.s')).toBe('q.r.s');
    expect(extractToken('', ' q.r.s ')).toBe('q.r.s');
    expect(extractToken(undefined, 'Bearer q')).toBe('q');
  });

  it('prefers the header over the query', () => {
    expect(extractToken('Bearer header', 'query')).toBe('header');
  });

  it('answers undefined when there is nothing usable', () => {
    expect(extractToken(undefined, undefined)).toBeUndefined();
    expect(extractToken('', '')).toBeUndefined();
    expect(extractToken('   ', undefined)).toBeUndefined();
    expect(extractToken(undefined, ['a', 'b'])).toBeUndefined();
    expect(extractToken(undefined, { token: 'a' })).toBeUndefined();
  });
});

describe('TokenService', () => {
  const settings = (value = 'generated-secret-generated-secret-0123') =>
    ({ getOrCreate: jest.fn(async (_key: string, _create: () => string) => value) }) as unknown as SettingsStore & { getOrCreate: jest.Mock };

  const service = async (jwtSecret?: string, store = settings()) => {
    const s = new TokenService({ jwtSecret } as AppConfig, store, new JwtService());
    await s.onModuleInit();
    return s;
  };

  it('signs a token naming the session and reads it back', async () => {
    const tokens = await service('configured-secret-configured-secret-01');
    const token = tokens.sign('0b6a6f4e-1f7e-4c39-9d2e-3b1f0d8c2a11', 7, 'alice');
    expect(token.split('.')).toHaveLength(3);
    const claims = JSON.parse(Buffer.from(token.split('.')[1], 'base64url').toString('utf8'));
    expect(claims).toMatchObject({ sid: '0b6a6f4e-1f7e-4c39-9d2e-3b1f0d8c2a11', sub: '7', username: 'alice' });
    expect(claims).not.toHaveProperty('password');
    expect(tokens.read(token)).toBe('0b6a6f4e-1f7e-4c39-9d2e-3b1f0d8c2a11');
  });

  it('uses the persisted secret when none is configured', async () => {
    const store = settings();
    const a = await service(undefined, store);
    expect(store.getOrCreate).toHaveBeenCalledWith('jwt.secret', expect.any(Function));
    const b = await service(undefined, settings());
    expect(b.read(a.sign('s1', 1, 'u'))).toBe('s1');
  });

  it('refuses a token signed with another secret, a tampered one, garbage and alg=none', async () => {
    const tokens = await service('configured-secret-configured-secret-01');
    const foreign = (await service('another-secret-another-secret-another')).sign('s1', 1, 'u');
    expect(tokens.read(foreign)).toBeUndefined();
    const [head, , sig] = tokens.sign('s1', 1, 'u').split('.');
    const forgedPayload = Buffer.from(JSON.stringify({ sid: 's2', sub: '1', username: 'admin' })).toString('base64url');
    expect(tokens.read(`${head}.${forgedPayload}.${sig}`)).toBeUndefined();
    const none = `${Buffer.from(JSON.stringify({ alg: 'none', typ: 'JWT' })).toString('base64url')}.${forgedPayload}.`;
    expect(tokens.read(none)).toBeUndefined();
    expect(tokens.read('garbage')).toBeUndefined();
    expect(tokens.read('')).toBeUndefined();
  });

  it('refuses a well-signed token without a session id', async () => {
    const secret = 'configured-secret-configured-secret-01';
    const tokens = await service(secret);
    const noSid = new JwtService().sign({ sub: '1', username: 'u' }, { secret, algorithm: 'HS256' });
    expect(tokens.read(noSid)).toBeUndefined();
    const numericSid = new JwtService().sign({ sid: 5, sub: '1' }, { secret, algorithm: 'HS256' });
    expect(tokens.read(numericSid)).toBeUndefined();
  });
});
