import { deriveWopiKey, parseWopiFileId, signWopiToken, verifyWopiToken, type WopiTokenClaim, wopiFileId } from './wopi-token';

const key = deriveWopiKey('a deployment secret of some length');
const NOW = Date.UTC(2026, 10, 27, 10, 0, 0);
const claim: WopiTokenClaim = { sessionId: '0b9a1f2e-3c4d-4e5f-8a9b-0c1d2e3f4a5b', userId: 7, fileId: 'j12', mode: 'edit', expires: NOW + 600 * 60_000 };

describe('WOPI access tokens (docs/office-design.md §3.2)', () => {
  it('round-trips its claim until it expires', () => {
    const token = signWopiToken(key, claim);
    expect(token).toMatch(/^office1\.[A-Za-z0-9_-]+\.[A-Za-z0-9_-]{43}$/);
    expect(token.length).toBeLessThan(300);
    expect(verifyWopiToken(key, token, NOW)).toEqual(claim);
    expect(verifyWopiToken(key, signWopiToken(key, { ...claim, mode: 'view' }), NOW)?.mode).toBe('view');
    expect(verifyWopiToken(key, token, claim.expires - 1)).toEqual(claim);
    expect(verifyWopiToken(key, token, claim.expires)).toBeUndefined();
  });

  it('refuses a token of another key (another label, another secret), a changed payload, garbage', () => {
    const token = signWopiToken(key, claim);
    expect(verifyWopiToken(deriveWopiKey('another secret'), token, NOW)).toBeUndefined();
    const [prefix, payload, mac] = token.split('.');
    const forged = Buffer.from(JSON.stringify({ ...JSON.parse(Buffer.from(payload, 'base64url').toString()), u: 1 })).toString('base64url');
    expect(verifyWopiToken(key, `${prefix}.${forged}.${mac}`, NOW)).toBeUndefined();
    expect(verifyWopiToken(key, `office2.${payload}.${mac}`, NOW)).toBeUndefined();
    for (const bad of [undefined, 42, '', 'eyJhbGciOiJIUzI1NiJ9.e30.sig', `${token}x`]) expect(verifyWopiToken(key, bad, NOW)).toBeUndefined();
  });

  it('names targets by stable file ids', () => {
    expect(wopiFileId('journal', 12)).toBe('j12');
    expect(wopiFileId('copy', 345)).toBe('c345');
    expect(parseWopiFileId('j12')).toEqual({ kind: 'journal', id: 12 });
    expect(parseWopiFileId('c345')).toEqual({ kind: 'copy', id: 345 });
    for (const bad of ['12', 'x12', 'j0', 'j012', 'j99999999999', 'j1.5', undefined]) expect(parseWopiFileId(bad)).toBeUndefined();
  });
});
