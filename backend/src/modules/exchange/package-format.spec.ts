import { generateKeyPairSync } from 'node:crypto';
import { allowedEntryName, fingerprintOf, normalizePublicKey } from './package-format.js';
import { parseRange } from '../../common/storage/ranged-download.js';

describe('exchange package: entry names, keys, download ranges', () => {
  it('accepts only the names of the format', () => {
    for (const ok of ['manifest.json', 'manifest.sig', 'news.jsonl', 'websites.jsonl', `files/${'a'.repeat(64)}`]) expect(allowedEntryName(ok)).toBe(true);
    for (const bad of ['../news.jsonl', '/news.jsonl', 'files/../manifest.json', `files/${'A'.repeat(64)}`, `files/${'a'.repeat(63)}`, 'files\\x', 'news.jsonl/', 'other.txt', ''])
      expect(allowedEntryName(bad)).toBe(false);
  });

  it('takes Ed25519 public keys only; the fingerprint is the SHA-256 of the SPKI DER', () => {
    const { publicKey } = generateKeyPairSync('ed25519');
    const pem = publicKey.export({ type: 'spki', format: 'pem' }).toString();
    expect(normalizePublicKey(`\n${pem}\n`)).toBe(pem);
    expect(fingerprintOf(pem)).toMatch(/^[0-9a-f]{64}$/);
    expect(fingerprintOf(pem)).toBe(fingerprintOf(publicKey));
    const rsa = generateKeyPairSync('rsa', { modulusLength: 1024 }).publicKey.export({ type: 'spki', format: 'pem' }).toString();
    expect(() => normalizePublicKey(rsa)).toThrow();
    expect(() => normalizePublicKey('not a key')).toThrow();
  });

  it('reads Range headers: a-b, a-, -n; refuses what the file cannot satisfy', () => {
    expect(parseRange(undefined, 100)).toBeUndefined();
    expect(parseRange('bytes=0-9', 100)).toEqual({ start: 0, end: 9 });
    expect(parseRange('bytes=90-', 100)).toEqual({ start: 90, end: 99 });
    expect(parseRange('bytes=-10', 100)).toEqual({ start: 90, end: 99 });
    expect(parseRange('bytes=50-500', 100)).toEqual({ start: 50, end: 99 });
    for (const bad of ['bytes=100-', 'bytes=5-2', 'bytes=-', 'bytes=-0', 'bytes=x-1']) expect(parseRange(bad, 100)).toBe('bad');
    // another unit must be ignored (RFC 9110 §14.2), a list of ranges may be: the whole file
    for (const ignored of ['items=0-1', 'bytes=0-1,3-4']) expect(parseRange(ignored, 100)).toBeUndefined();
  });
});
