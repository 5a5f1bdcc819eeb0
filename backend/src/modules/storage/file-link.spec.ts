import { deriveDownloadKey, signDownloadToken } from './download-token.service';
import { deriveFileLinkKey, signFileLink, verifyFileLink } from './file-link';

describe('file capabilities', () => {
  const key = deriveFileLinkKey('the-jwt-secret');
  const now = Date.UTC(2026, 10, 22, 8, 0, 0);
  const expires = Math.floor(now / 1000) + 600;
  const name = '国际动态周刊稿件统计_2026-11-01_2026-11-20.xlsx';
  const fileCap = signFileLink(key, { kind: 'file', fileId: 42, userId: 7, expires }, name);
  const zipCap = signFileLink(key, { kind: 'journal-zip', params: { journalId: 3, source: true }, userId: 7, expires }, '周刊2026第1期.zip');

  it('verifies under the name it was minted for, and says what and for whom', () => {
    expect(fileCap).toMatch(/^[A-Za-z0-9_-]+\.[A-Za-z0-9_-]{43}$/);
    expect(verifyFileLink(key, fileCap, name, now)).toEqual({ kind: 'file', fileId: 42, userId: 7, expires });
    expect(verifyFileLink(key, zipCap, '周刊2026第1期.zip', now)).toEqual({ kind: 'journal-zip', params: { journalId: 3, source: true }, userId: 7, expires });
  });

  it('expires', () => {
    expect(verifyFileLink(key, fileCap, name, expires * 1000 - 1)).toBeDefined();
    expect(verifyFileLink(key, fileCap, name, expires * 1000)).toBeUndefined();
    expect(verifyFileLink(key, fileCap, name, now + 3_600_000)).toBeUndefined();
  });

  it('is bound to its name', () => {
    expect(verifyFileLink(key, fileCap, 'other.xlsx', now)).toBeUndefined();
    expect(verifyFileLink(key, fileCap, `${name} `, now)).toBeUndefined();
    expect(verifyFileLink(key, zipCap, name, now)).toBeUndefined();
  });

  it('cannot be forged: another key, a changed payload, a broken MAC', () => {
    expect(verifyFileLink(deriveFileLinkKey('another-secret'), fileCap, name, now)).toBeUndefined();
    const [payload, mac] = fileCap.split('.');
    const wire = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8'));
    for (const change of [{ f: 43 }, { u: 1 }, { e: expires + 3600 }, { k: 'journal-zip' }]) {
      const forged = Buffer.from(JSON.stringify({ ...wire, ...change })).toString('base64url');
      expect(verifyFileLink(key, `${forged}.${mac}`, name, now)).toBeUndefined();
    }
    const flipped = mac.slice(0, -2) + (mac.at(-2) === 'A' ? 'B' : 'A') + mac.at(-1);
    expect(verifyFileLink(key, `${payload}.${flipped}`, name, now)).toBeUndefined();
  });

  it('a download token or a login token is not a capability, and neither is junk', () => {
    const download = signDownloadToken(deriveDownloadKey('the-jwt-secret'), 42, 7, now + 60_000);
    const jwt = 'eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJzaWQiOiJ4Iiwic3ViIjoiNyJ9.c2lnbmF0dXJlc2lnbmF0dXJlc2lnbmF0dXJlc2lnbmF0dQ';
    for (const bad of [download, jwt, '', '.', 'a.b', `${fileCap}x`, ` ${fileCap}`, 'x'.repeat(5000), undefined, null, 42, [fileCap], { fileCap }]) {
      expect(verifyFileLink(key, bad, name, now)).toBeUndefined();
    }
    expect(verifyFileLink(key, fileCap, undefined, now)).toBeUndefined();
    expect(verifyFileLink(key, fileCap, 42, now)).toBeUndefined();
  });

  it('refuses a signed payload that does not make sense (no file id for a file, a bad kind)', () => {
    for (const claim of [{ kind: 'file', userId: 7, expires }, { kind: 'Bad Kind', userId: 7, expires }, { kind: 'file', fileId: 1.5, userId: 7, expires }]) {
      expect(verifyFileLink(key, signFileLink(key, claim, name), name, now)).toBeUndefined();
    }
  });

  it('the key is its own: not the download key, not the secret', () => {
    expect(key.equals(deriveDownloadKey('the-jwt-secret'))).toBe(false);
    expect(key.toString('utf8')).not.toContain('the-jwt-secret');
  });
});
