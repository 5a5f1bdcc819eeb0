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

  it('the key depends on the secret and is not the secret itself', () => {
    expect(deriveDownloadKey('the-jwt-secret').equals(key)).toBe(true);
    expect(key.toString('utf8')).not.toContain('the-jwt-secret');
  });
});
