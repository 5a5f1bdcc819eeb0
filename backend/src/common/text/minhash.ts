/**
 * MinHash signatures and LSH band keys (docs/collect-design.md §4.3 "Clusters: MinHash + LSH").
 *
 * - 256 × 32-bit values (128 until the §4.4 re-tuning): murmur3 (x86, 32-bit) of each feature's UTF-8 bytes, then 256 seeded
 *   permutations `(a·h + b) mod p` (p = 4 294 967 291, the largest prime below 2^32; a, b from a fixed
 *   xorshift seed so signatures are stable across processes and releases), minimum per permutation.
 * - Banded 85 × 3 → 85 band keys (§4.4), each the 64-bit FNV-1a of `kind|band|v0,v1,v2`, as a signed
 *   bigint (PostgreSQL `bigint[]`). The kind (`orig`, `zh`) is inside the hash, so keys of the two
 *   kinds never collide and both go into one array.
 * - Probability that two items with Jaccard J share a band: 1 − (1 − J³)⁸⁵ (0.08 at J = 0.1,
 *   0.49 at J = 0.2, 0.74 at J = 0.25, 0.90 at J = 0.3, > 0.999 at J = 0.5).
 */

export const NUM_HASHES = 256;
/** Most hash values a signature may have (the evaluation measures 128 and 256; §4.4). */
export const MAX_HASHES = 256;
/** Rows per band (the band count is ⌊NUM_HASHES / rows⌋). */
export const ROWS = 3;
export const BANDS = Math.floor(NUM_HASHES / ROWS);
const PRIME = 4_294_967_291;
const EMPTY = 0xffffffff;

export type SignatureKind = 'orig' | 'zh';
/** A MinHash signature: NUM_HASHES unsigned 32-bit values. */
export type Signature = Uint32Array;

const encoder = new TextEncoder();

/** Scratch buffer for UTF-8 bytes (grown when a text needs more). */
let scratch = new Uint8Array(1024);

/** The UTF-8 bytes of `text` in the scratch buffer (valid until the next call): their count. */
function utf8(text: string): number {
  // a UTF-16 code unit becomes at most 3 UTF-8 bytes
  if (text.length * 3 > scratch.length) scratch = new Uint8Array(text.length * 3);
  return encoder.encodeInto(text, scratch).written;
}

/** MurmurHash3 x86 32-bit of a string's UTF-8 bytes. */
export function murmur3(text: string, seed = 0): number {
  const n = utf8(text);
  const bytes = scratch;
  let h = seed >>> 0;
  const c1 = 0xcc9e2d51;
  const c2 = 0x1b873593;
  let i = 0;
  for (; i + 4 <= n; i += 4) {
    let k = bytes[i] | (bytes[i + 1] << 8) | (bytes[i + 2] << 16) | (bytes[i + 3] << 24);
    k = Math.imul(k, c1);
    k = (k << 15) | (k >>> 17);
    k = Math.imul(k, c2);
    h ^= k;
    h = (h << 13) | (h >>> 19);
    h = (Math.imul(h, 5) + 0xe6546b64) | 0;
  }
  const tail = n & 3;
  if (tail > 0) {
    let k = 0;
    if (tail === 3) k ^= bytes[i + 2] << 16;
    if (tail >= 2) k ^= bytes[i + 1] << 8;
    k ^= bytes[i];
    k = Math.imul(k, c1);
    k = (k << 15) | (k >>> 17);
    k = Math.imul(k, c2);
    h ^= k;
  }
  h ^= n;
  h ^= h >>> 16;
  h = Math.imul(h, 0x85ebca6b);
  h ^= h >>> 13;
  h = Math.imul(h, 0xc2b2ae35);
  h ^= h >>> 16;
  return h >>> 0;
}

// Fixed permutation coefficients: a ∈ [1, p), b ∈ [0, p), from xorshift32 with a constant seed; a is
// kept split in 16-bit halves so (a·h + b) mod p is exact in doubles (no product exceeds 2^53).
// The first n coefficients are the same for every n, so a 128-value signature is the prefix of the
// 256-value one.
const A_HI = new Float64Array(MAX_HASHES);
const A_LO = new Float64Array(MAX_HASHES);
const COEF_B = new Float64Array(MAX_HASHES);
{
  let x = 0x9e3779b9;
  const next = () => {
    x ^= x << 13;
    x >>>= 0;
    x ^= x >>> 17;
    x ^= x << 5;
    x >>>= 0;
    return x;
  };
  for (let i = 0; i < MAX_HASHES; i++) {
    const a = (next() % (PRIME - 1)) + 1;
    A_HI[i] = Math.floor(a / 65536);
    A_LO[i] = a % 65536;
    COEF_B[i] = next() % PRIME;
  }
}

/** The signature of a feature set (`hashes` values); null for an empty set (nothing to compare). */
export function minhash(features: Iterable<string>, hashes = NUM_HASHES): Signature | null {
  if (!Number.isInteger(hashes) || hashes < 1 || hashes > MAX_HASHES) throw new RangeError(`hashes must be an integer in 1..${MAX_HASHES}`);
  const sig = new Uint32Array(hashes).fill(EMPTY);
  let any = false;
  for (const f of features) {
    any = true;
    const h = murmur3(f);
    for (let i = 0; i < hashes; i++) {
      const v = permute(h, i);
      if (v < sig[i]) sig[i] = v;
    }
  }
  return any ? sig : null;
}

/**
 * (a·h + b) mod p for permutation i, exact in doubles without a `%` (V8's float modulo is a C call):
 * a = aHi·2^16 + aLo; x = aHi·h < 2^48 is split as xHi·2^16 + xLo, and x·2^16 = xHi·2^32 + xLo·2^16
 * ≡ 5·xHi + xLo·2^16 (mod p, as 2^32 ≡ 5); the sum s < 2^50 is reduced by one floor division,
 * whose quotient (< 2^18) is exact to far better than the 1/p that could move the floor. The same
 * values as the original `((aHi·h mod p)·2^16 mod p + aLo·h + b) mod p` (minhash.spec checks it).
 */
export function permute(h: number, i: number): number {
  const x = A_HI[i] * h;
  const xHi = Math.floor(x / 65536);
  const s = 5 * xHi + (x - xHi * 65536) * 65536 + A_LO[i] * h + COEF_B[i];
  let v = s - Math.floor(s / PRIME) * PRIME;
  if (v < 0) v += PRIME;
  else if (v >= PRIME) v -= PRIME;
  return v;
}

/** The original, slower form of {@link permute} (kept for the equivalence test). */
export function permuteByModulo(h: number, i: number): number {
  return ((((A_HI[i] * h) % PRIME) * 65536) % PRIME + A_LO[i] * h + COEF_B[i]) % PRIME;
}

/** Estimated Jaccard similarity: the share of equal positions (0 when either is missing). */
export function estimateJaccard(a: Signature | null | undefined, b: Signature | null | undefined): number {
  if (!a || !b || a.length !== b.length) return 0;
  let same = 0;
  for (let i = 0; i < a.length; i++) if (a[i] === b[i]) same++;
  return same / a.length;
}

/**
 * 64-bit FNV-1a of a string's UTF-8 bytes, as a signed bigint. Computed on two 32-bit halves (the
 * prime is 2^40 + 0x1b3, so h·p = h·0x1b3 + (h << 40)); one BigInt is made at the end.
 */
export function fnv1a64(text: string): bigint {
  let lo = 0x84222325;
  let hi = 0xcbf29ce4;
  const n = utf8(text);
  for (let i = 0; i < n; i++) {
    lo = (lo ^ scratch[i]) >>> 0;
    const loMul = lo * 0x1b3; // < 2^41, exact
    const carry = Math.floor(loMul / 4294967296);
    hi = (Math.imul(hi, 0x1b3) + (lo << 8) + carry) >>> 0;
    lo = loMul >>> 0;
  }
  return BigInt.asIntN(64, (BigInt(hi) << 32n) | BigInt(lo));
}

/** The band keys of one signature (signed 64-bit, for a PostgreSQL `bigint[]`): ⌊signature length / rows⌋ of them. */
export function bandKeys(kind: SignatureKind, sig: Signature | null, rows = ROWS): bigint[] {
  if (!sig) return [];
  if (!Number.isInteger(rows) || rows < 1 || rows > sig.length) throw new RangeError(`rows must be an integer in 1..${sig.length}`);
  const keys: bigint[] = [];
  const bands = Math.floor(sig.length / rows);
  for (let band = 0; band < bands; band++) {
    const o = band * rows;
    let values = String(sig[o]);
    for (let r = 1; r < rows; r++) values += `,${sig[o + r]}`;
    keys.push(fnv1a64(`${kind}|${band}|${values}`));
  }
  return keys;
}

/** Signature → bytes (little-endian uint32 × NUM_HASHES) for a `bytea` column, and back. */
export function signatureToBuffer(sig: Signature): Buffer {
  const buf = Buffer.alloc(sig.length * 4);
  sig.forEach((v, i) => buf.writeUInt32LE(v, i * 4));
  return buf;
}

export function signatureFromBuffer(buf: Buffer | Uint8Array | null | undefined): Signature | null {
  if (!buf || buf.length !== NUM_HASHES * 4) return null;
  const b = Buffer.from(buf.buffer, buf.byteOffset, buf.byteLength);
  const sig = new Uint32Array(NUM_HASHES);
  for (let i = 0; i < NUM_HASHES; i++) sig[i] = b.readUInt32LE(i * 4);
  return sig;
}
