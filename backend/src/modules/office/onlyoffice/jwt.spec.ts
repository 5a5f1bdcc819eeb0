import { createHmac } from 'node:crypto';
import { JwtService } from '@nestjs/jwt';
import { callbackCapability, signOnlyoffice, verifyCallback, verifyCallbackCapability, verifyOnlyoffice } from './jwt';

/** docs/office-design.md §2.1, §2.2, §5: HS256 both ways, body vs header token, other algorithms and wrong secrets refused. */
describe('ONLYOFFICE JWT', () => {
  const secret = 'a-document-server-secret-of-32-chars!';
  const jwt = new JwtService();
  const b64 = (v: object) => Buffer.from(JSON.stringify(v)).toString('base64url');

  it('signs a config with HS256 and iat, no exp; it verifies with the secret only', () => {
    const token = signOnlyoffice(secret, { document: { key: 'k1' } });
    const [header, payload] = token.split('.').map((p, i) => (i < 2 ? JSON.parse(Buffer.from(p, 'base64url').toString()) : p));
    expect(header).toEqual({ alg: 'HS256', typ: 'JWT' });
    expect(payload).toEqual({ document: { key: 'k1' }, iat: expect.any(Number) });
    expect(verifyOnlyoffice(secret, token)).toMatchObject({ document: { key: 'k1' } });
    expect(verifyOnlyoffice('another-secret-another-secret-0000', token)).toBeNull();
  });

  it('refuses alg none, HS512 and garbage', () => {
    const none = `${b64({ alg: 'none', typ: 'JWT' })}.${b64({ status: 2 })}.`;
    expect(verifyOnlyoffice(secret, none)).toBeNull();
    const hs512 = jwt.sign({ status: 2 }, { secret, algorithm: 'HS512' });
    expect(verifyOnlyoffice(secret, hs512)).toBeNull();
    expect(verifyOnlyoffice(secret, 'not.a.jwt')).toBeNull();
    expect(verifyOnlyoffice(secret, undefined)).toBeNull();
    expect(verifyOnlyoffice(secret, 42)).toBeNull();
  });

  it('a callback: the body token wins and its fields are used, not the unsigned body', () => {
    const token = jwt.sign({ key: 'k1', status: 2, url: 'http://ds/signed' }, { secret, algorithm: 'HS256' });
    const got = verifyCallback(secret, { key: 'k1', status: 2, url: 'http://evil/unsigned', token }, undefined);
    expect(got).toEqual({ source: 'body', fields: expect.objectContaining({ url: 'http://ds/signed' }) });
    // a bad body token is not rescued by a good header token
    const header = `Bearer ${jwt.sign({ payload: { key: 'k1', status: 2 } }, { secret, algorithm: 'HS256' })}`;
    expect(verifyCallback(secret, { status: 2, token: 'bad' }, header)).toBeNull();
  });

  it('a callback: the header token carries {payload}', () => {
    const header = `Bearer ${jwt.sign({ payload: { key: 'k2', status: 6 } }, { secret, algorithm: 'HS256' })}`;
    expect(verifyCallback(secret, { key: 'k2', status: 6 }, header)).toEqual({ source: 'header', fields: { key: 'k2', status: 6 } });
    // without {payload}, with another secret, without Bearer, without any token: refused
    expect(verifyCallback(secret, {}, `Bearer ${jwt.sign({ key: 'k2' }, { secret, algorithm: 'HS256' })}`)).toBeNull();
    expect(verifyCallback(secret, {}, `Bearer ${jwt.sign({ payload: { key: 'k2' } }, { secret: 'x'.repeat(32), algorithm: 'HS256' })}`)).toBeNull();
    expect(verifyCallback(secret, {}, jwt.sign({ payload: { key: 'k2' } }, { secret, algorithm: 'HS256' }))).toBeNull();
    expect(verifyCallback(secret, { status: 2 }, undefined)).toBeNull();
  });

  it('the session capability s: verifies for its session only', () => {
    const id = '0f8fad5b-d9cb-469f-a165-70867728950e';
    const s = callbackCapability(secret, id);
    expect(s).toMatch(/^0f8fad5b-d9cb-469f-a165-70867728950e\.[A-Za-z0-9_-]{43}$/);
    expect(verifyCallbackCapability(secret, s)).toBe(id);
    expect(verifyCallbackCapability('y'.repeat(32), s)).toBeNull();
    const other = '7c9e6679-7425-40de-944b-e07fc1f90ae7';
    expect(verifyCallbackCapability(secret, `${other}.${s.split('.')[1]}`)).toBeNull();
    // a plain HMAC of the id with the bare secret is not the capability (own label)
    expect(verifyCallbackCapability(secret, `${id}.${createHmac('sha256', secret).update(id).digest('base64url')}`)).toBeNull();
    expect(verifyCallbackCapability(secret, id)).toBeNull();
    expect(verifyCallbackCapability(secret, undefined)).toBeNull();
  });
});
