import { generateKeyPairSync, type KeyObject, sign } from 'node:crypto';
import { msToTicks, PROOF_MAX_AGE_MS, proofBytes, publicKeyOf, TICKS_AT_EPOCH, ticksToMs, verifyProof } from './wopi-proof';

const rsa = () => generateKeyPairSync('rsa', { modulusLength: 2048 });
const current = rsa();
const old = rsa();
const other = rsa();
const NOW = Date.UTC(2026, 10, 27, 10, 0, 0);
const TOKEN = 'office1.abc.def';
const URL = 'http://nginx/api/wopi/files/j12?access_token=office1.abc.def';
const signWith = (key: KeyObject, ticks: bigint, token = TOKEN, url = URL) => sign('RSA-SHA256', proofBytes(token, url, ticks), key).toString('base64');

/** The discovery form of a public key: base64 modulus and exponent. */
const parts = (key: KeyObject) => {
  const jwk = key.export({ format: 'jwk' });
  return { modulus: Buffer.from(jwk.n!, 'base64url').toString('base64'), exponent: Buffer.from(jwk.e!, 'base64url').toString('base64') };
};
const keys = { current: publicKeyOf(parts(current.publicKey)), old: publicKeyOf(parts(old.publicKey)) };

describe('WOPI proof keys (docs/office-design.md §3.4)', () => {
  it('converts .NET ticks: 100 ns since 0001-01-01', () => {
    expect(ticksToMs(TICKS_AT_EPOCH)).toBe(0);
    expect(msToTicks(0)).toBe(621355968000000000n);
    expect(ticksToMs(msToTicks(NOW).toString())).toBe(NOW);
    // a timestamp of Microsoft's proof-key samples
    expect(new Date(ticksToMs('635655897610773532')).toISOString()).toBe('2015-04-25T20:16:01.077Z');
    expect(ticksToMs('not a number')).toBeNaN();
    expect(ticksToMs('-5')).toBeNaN();
  });

  it('lays out the expected bytes: lengths as int32 BE, the URL upper-cased, the timestamp as int64 BE', () => {
    const bytes = proofBytes('tök', 'http://a/b?x=y', 0x0102030405060708n);
    const token = Buffer.from('tök', 'utf8');
    const url = Buffer.from('HTTP://A/B?X=Y', 'utf8');
    expect(bytes.readInt32BE(0)).toBe(token.length);
    expect(bytes.subarray(4, 4 + token.length).equals(token)).toBe(true);
    let at = 4 + token.length;
    expect(bytes.readInt32BE(at)).toBe(url.length);
    expect(bytes.subarray(at + 4, at + 4 + url.length).equals(url)).toBe(true);
    at += 4 + url.length;
    expect(bytes.readInt32BE(at)).toBe(8);
    expect(bytes.readBigInt64BE(at + 4)).toBe(0x0102030405060708n);
    expect(bytes.length).toBe(at + 12);
  });

  it('accepts X-WOPI-Proof with the current key, X-WOPI-Proof with the old key, X-WOPI-ProofOld with the current key', () => {
    const ticks = msToTicks(NOW - 60_000);
    const input = (proof: string | undefined, proofOld: string | undefined) => ({ token: TOKEN, url: URL, timestamp: ticks.toString(), proof, proofOld });
    expect(verifyProof(input(signWith(current.privateKey, ticks), signWith(old.privateKey, ticks)), keys, NOW)).toBe('ok');
    // the host has not seen the rotation yet: the client signs with what discovery still calls old
    expect(verifyProof(input(signWith(old.privateKey, ticks), undefined), keys, NOW)).toBe('ok');
    // the client rotated: its new key is unknown to the host, the old one is our current
    expect(verifyProof(input(signWith(other.privateKey, ticks), signWith(current.privateKey, ticks)), keys, NOW)).toBe('ok');
  });

  it('refuses other keys, another URL, token or timestamp than the one signed, and garbage', () => {
    const ticks = msToTicks(NOW);
    const base = { token: TOKEN, url: URL, timestamp: ticks.toString(), proofOld: undefined };
    expect(verifyProof({ ...base, proof: signWith(other.privateKey, ticks) }, keys, NOW)).toBe('bad');
    // X-WOPI-ProofOld with the old key is not one of the three combinations
    expect(verifyProof({ ...base, proof: signWith(other.privateKey, ticks), proofOld: signWith(old.privateKey, ticks) }, keys, NOW)).toBe('bad');
    expect(verifyProof({ ...base, url: `${URL}x`, proof: signWith(current.privateKey, ticks) }, keys, NOW)).toBe('bad');
    expect(verifyProof({ ...base, token: 'office1.other', proof: signWith(current.privateKey, ticks) }, keys, NOW)).toBe('bad');
    expect(verifyProof({ ...base, timestamp: (ticks + 1n).toString(), proof: signWith(current.privateKey, ticks) }, keys, NOW)).toBe('bad');
    expect(verifyProof({ ...base, proof: 'not base64 at all!' }, keys, NOW)).toBe('bad');
    // the URL is compared upper-cased: the case the client used does not matter
    expect(verifyProof({ ...base, url: URL.toLowerCase(), proof: signWith(current.privateKey, ticks) }, keys, NOW)).toBe('ok');
  });

  it('refuses a timestamp more than 20 minutes away, or none', () => {
    const proofAt = (ms: number) => ({ token: TOKEN, url: URL, timestamp: msToTicks(ms).toString(), proof: signWith(current.privateKey, msToTicks(ms)), proofOld: undefined });
    expect(verifyProof(proofAt(NOW - PROOF_MAX_AGE_MS + 1000), keys, NOW)).toBe('ok');
    expect(verifyProof(proofAt(NOW - PROOF_MAX_AGE_MS - 1000), keys, NOW)).toBe('stale');
    expect(verifyProof(proofAt(NOW + PROOF_MAX_AGE_MS + 1000), keys, NOW)).toBe('stale');
    expect(verifyProof({ ...proofAt(NOW), timestamp: undefined }, keys, NOW)).toBe('stale');
  });
});
