import { BANDS, bandKeys, estimateJaccard, fnv1a64, MAX_HASHES, minhash, murmur3, NUM_HASHES, permute, permuteByModulo, ROWS, signatureFromBuffer, signatureToBuffer } from './minhash';

const words = (prefix: string, from: number, to: number) => Array.from({ length: to - from }, (_, i) => `${prefix}${from + i}`);

/** The signature through the modulo form of the permutations. */
function minhashByModulo(features: string[]): Uint32Array {
  const sig = new Uint32Array(NUM_HASHES).fill(0xffffffff);
  for (const f of features) {
    const h = murmur3(f);
    for (let i = 0; i < NUM_HASHES; i++) sig[i] = Math.min(sig[i], permuteByModulo(h, i));
  }
  return sig;
}

describe('minhash (docs/collect-design.md §4.3 signature)', () => {
  it('murmur3 matches the reference x86 32-bit vectors', () => {
    expect(murmur3('')).toBe(0);
    expect(murmur3('', 1)).toBe(0x514e28b7);
    expect(murmur3('hello')).toBe(0x248bfa47);
    expect(murmur3('The quick brown fox jumps over the lazy dog')).toBe(0x2e4ff723);
  });

  it('fnv1a64 matches the reference 64-bit FNV-1a vectors (signed)', () => {
    const signed = (x: bigint) => BigInt.asIntN(64, x);
    expect(fnv1a64('')).toBe(signed(0xcbf29ce484222325n));
    expect(fnv1a64('a')).toBe(signed(0xaf63dc4c8601ec8cn));
    expect(fnv1a64('foobar')).toBe(signed(0x85944171f73967e8n));
  });

  it('is deterministic, order-independent, and null for an empty set', () => {
    const a = minhash(['fed', 'rate', 'cut'])!;
    const b = minhash(['cut', 'fed', 'rate', 'fed'])!;
    expect(a).toHaveLength(NUM_HASHES);
    expect(Array.from(a)).toEqual(Array.from(b));
    expect(minhash([])).toBeNull();
  });

  it('estimates Jaccard within ±0.12 of the true value', () => {
    // |A ∩ B| = 60, |A ∪ B| = 140 → J = 0.43; 40 / 160 → 0.25; disjoint → 0
    const cases: Array<[string[], string[], number]> = [
      [words('w', 0, 100), words('w', 40, 140), 60 / 140],
      [words('w', 0, 100), words('w', 60, 160), 40 / 160],
      [words('w', 0, 50), words('v', 0, 50), 0],
      [words('w', 0, 80), words('w', 0, 80), 1],
    ];
    for (const [x, y, j] of cases) expect(Math.abs(estimateJaccard(minhash(x), minhash(y)) - j)).toBeLessThanOrEqual(0.12);
    expect(estimateJaccard(null, minhash(['a']))).toBe(0);
  });

  it('makes ⌊NUM_HASHES / rows⌋ signed 64-bit band keys, different per kind', () => {
    const sig = minhash(words('w', 0, 30));
    const orig = bandKeys('orig', sig);
    expect(orig).toHaveLength(BANDS);
    expect(BANDS).toBe(Math.floor(NUM_HASHES / ROWS));
    for (const k of orig) {
      expect(k).toBeGreaterThanOrEqual(-(2n ** 63n));
      expect(k).toBeLessThan(2n ** 63n);
    }
    const zh = bandKeys('zh', sig);
    expect(zh.some((k) => orig.includes(k))).toBe(false);
    expect(bandKeys('orig', sig, 4)).toHaveLength(Math.floor(NUM_HASHES / 4));
    expect(bandKeys('orig', minhash(words('w', 0, 30), 128), 3)).toHaveLength(42);
    // the first 128 values do not depend on the signature length
    expect(Array.from(minhash(words('w', 0, 30), 128)!)).toEqual(Array.from(sig!.subarray(0, 128)));
    expect(bandKeys('orig', null)).toEqual([]);
    expect(() => bandKeys('orig', sig, 0)).toThrow(RangeError);
    expect(() => minhash(['a'], 257)).toThrow(RangeError);
  });

  it('items sharing most features share a band; disjoint ones do not', () => {
    const a = bandKeys('orig', minhash(words('w', 0, 100)));
    const near = bandKeys('orig', minhash(words('w', 5, 105)));
    const far = bandKeys('orig', minhash(words('v', 0, 100)));
    expect(a.some((k) => near.includes(k))).toBe(true);
    expect(a.some((k) => far.includes(k))).toBe(false);
  });

  it('computes each permutation exactly as the modulo form does (stored signatures stay comparable)', () => {
    let x = 12345;
    const hashes = [0, 1, 2, 65535, 65536, 4_294_967_290, 4_294_967_291, 4_294_967_295];
    for (let k = 0; k < 2000; k++) {
      x = (Math.imul(x, 1103515245) + 12345) >>> 0;
      hashes.push(x);
    }
    for (const h of hashes) for (let i = 0; i < MAX_HASHES; i++) expect(permute(h, i)).toBe(permuteByModulo(h, i));
    // and a known signature prefix does not move
    expect(Array.from(minhash(['能源', 'policy', 't:title', 'x'.repeat(2000)])!)).toEqual(Array.from(minhashByModulo(['能源', 'policy', 't:title', 'x'.repeat(2000)])));
  });

  it('round-trips a signature through bytes', () => {
    const sig = minhash(['a', 'b', 'c'])!;
    const buf = signatureToBuffer(sig);
    expect(buf).toHaveLength(NUM_HASHES * 4);
    expect(Array.from(signatureFromBuffer(buf)!)).toEqual(Array.from(sig));
    expect(signatureFromBuffer(Buffer.alloc(3))).toBeNull();
  });
});
