import { createHmac } from 'node:crypto';
import { deriveDownloadKey, signDownloadToken, verifyDownloadToken } from './download-token.service';

describe('download tokens', () => {
  const key = deriveDownloadKey('the-jwt-secret');
  const now = Date.UTC(2026, 10, 22, 8, 0, 0);
  const token = signDownloadToken(key, 42, 7, now + 60_000);

  it('verifies for the file it was minted for, and names the user', () => {
    expect(token).toMatch(/^42\.7\.\d+\.[A-Za-z0-9_-]{43}$/);
    expect(verifyDownloadToken(key, token, 42, now)).toEqual({ userId: 7 });
    expect(verifyDownloadToken(key, token, 42, now + 59_000)).toEqual({ userId: 7 });
  });

  it('expires', () => {
    expect(verifyDownloadToken(key, token, 42, now + 60_000)).toBeUndefined();
    expect(verifyDownloadToken(key, token, 42, now + 3_600_000)).toBeUndefined();
    expect(verifyDownloadToken(key, signDownloadToken(key, 42, 7, now - 1), 42, now)).toBeUndefined();
  });

  it('is bound to the file', () => {
    expect(verifyDownloadToken(key, token, 43, now)).toBeUndefined();
  });

  it('cannot be forged: other key, changed file/user/expiry, broken MAC', () => {
    expect(verifyDownloadToken(deriveDownloadKey('another-secret'), token, 42, now)).toBeUndefined();
    const [, , expires, mac] = token.split('.');
    expect(verifyDownloadToken(key, `43.7.${expires}.${mac}`, 43, now)).toBeUndefined();
    expect(verifyDownloadToken(key, `42.8.${expires}.${mac}`, 42, now)).toBeUndefined();
    expect(verifyDownloadToken(key, `42.7.${Number(expires) + 3600}.${mac}`, 42, now)).toBeUndefined();
    const flipped = mac.slice(0, -2) + (mac.at(-2) === 'A' ? 'B' : 'A') + mac.at(-1);
    expect(verifyDownloadToken(key, `42.7.${expires}.${flipped}`, 42, now)).toBeUndefined();
  });

  it('refuses anything that is not a download token (a login JWT, junk, non-strings)', () => {
    const jwt = 'eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJzaWQiOiJ4Iiwic3ViIjoiNyJ9.c2lnbmF0dXJlc2lnbmF0dXJlc2lnbmF0dXJlc2lnbmF0dQ';
    for (const bad of [jwt, '', 'a.b.c.d', `${token}x`, ` ${token}`, undefined, null, 42, [token], { token }]) {
      expect(verifyDownloadToken(key, bad, 42, now)).toBeUndefined();
    }
  });

  it('a file token keeps its format and MAC input (links minted before purposes still verify)', () => {
    const [, , expires, mac] = token.split('.');
    const legacy = createHmac('sha256', key).update(`dl1|42|7|${expires}`).digest().toString('base64url');
    expect(mac).toBe(legacy);
    expect(signDownloadToken(key, 42, 7, now + 60_000, 'file')).toBe(token);
    expect(verifyDownloadToken(key, token, 42, now, 'file')).toEqual({ userId: 7 });
  });

  it('a purpose other than file is in the token and in its MAC, and binds it', () => {
    const exchange = signDownloadToken(key, 42, 7, now + 60_000, 'exchange');
    const backup = signDownloadToken(key, 42, 7, now + 60_000, 'backup');
    expect(exchange).toMatch(/^exchange\.42\.7\.\d+\.[A-Za-z0-9_-]{43}$/);
    expect(backup).toMatch(/^backup\.42\.7\.\d+\.[A-Za-z0-9_-]{43}$/);
    expect(verifyDownloadToken(key, exchange, 42, now, 'exchange')).toEqual({ userId: 7 });
    expect(verifyDownloadToken(key, backup, 42, now, 'backup')).toEqual({ userId: 7 });
    // each opens only its own kind of thing with that id
    expect(verifyDownloadToken(key, token, 42, now, 'exchange')).toBeUndefined();
    expect(verifyDownloadToken(key, token, 42, now, 'backup')).toBeUndefined();
    expect(verifyDownloadToken(key, exchange, 42, now)).toBeUndefined();
    expect(verifyDownloadToken(key, exchange, 42, now, 'backup')).toBeUndefined();
    expect(verifyDownloadToken(key, backup, 42, now, 'exchange')).toBeUndefined();
    expect(verifyDownloadToken(key, exchange, 43, now, 'exchange')).toBeUndefined();
    expect(verifyDownloadToken(key, exchange, 42, now + 60_000, 'exchange')).toBeUndefined();
  });

  it('the purpose cannot be swapped, added or dropped without breaking the MAC', () => {
    const exchange = signDownloadToken(key, 42, 7, now + 60_000, 'exchange');
    const rest = exchange.slice('exchange.'.length);
    // the purpose relabelled
    expect(verifyDownloadToken(key, `backup.${rest}`, 42, now, 'backup')).toBeUndefined();
    // the purpose dropped: a file token with the exchange MAC
    expect(verifyDownloadToken(key, rest, 42, now)).toBeUndefined();
    // a purpose put in front of a file token
    expect(verifyDownloadToken(key, `exchange.${token}`, 42, now, 'exchange')).toBeUndefined();
    // `file.` is not a spelling of a file token
    expect(verifyDownloadToken(key, `file.${token}`, 42, now)).toBeUndefined();
    expect(verifyDownloadToken(key, `file.${token}`, 42, now, 'file')).toBeUndefined();
  });

  it('the key depends on the secret and is not the secret itself', () => {
    expect(deriveDownloadKey('the-jwt-secret').equals(key)).toBe(true);
    expect(key.toString('utf8')).not.toContain('the-jwt-secret');
  });
});
