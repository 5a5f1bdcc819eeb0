import { createPublicKey, type KeyObject, verify } from 'node:crypto';

/**
 * WOPI proof keys (docs/office-design.md §3.4; Microsoft's "Verifying that requests originate from
 * Office for the web by using proof keys"): the WOPI client signs each request with its private key;
 * the public keys (current and old) are in its discovery XML. Pure functions; the host decides what a
 * failure answers.
 */

/** .NET ticks (100 ns since 0001-01-01) at the Unix epoch. */
export const TICKS_AT_EPOCH = 621355968000000000n;
/** A proof older than this is refused. */
export const PROOF_MAX_AGE_MS = 20 * 60_000;

/** `X-WOPI-TimeStamp` (.NET ticks) → milliseconds since 1970; NaN for anything that is not a tick count. */
export function ticksToMs(ticks: string | bigint): number {
  let t: bigint;
  try {
    t = typeof ticks === 'bigint' ? ticks : /^\d{1,20}$/.test(ticks.trim()) ? BigInt(ticks.trim()) : -1n;
  } catch {
    return NaN;
  }
  if (t < 0n) return NaN;
  return Number((t - TICKS_AT_EPOCH) / 10_000n);
}

/** Milliseconds since 1970 → .NET ticks. */
export const msToTicks = (ms: number): bigint => BigInt(ms) * 10_000n + TICKS_AT_EPOCH;

const int32 = (n: number) => {
  const b = Buffer.alloc(4);
  b.writeInt32BE(n);
  return b;
};

/**
 * The signed bytes: `int32BE(len(token)) ‖ token ‖ int32BE(len(URL)) ‖ URL upper-cased ‖ int32BE(8) ‖
 * int64BE(timestamp)`, strings in UTF-8; `url` is the absolute URL the client called, query included.
 */
export function proofBytes(token: string, url: string, ticks: bigint): Buffer {
  const t = Buffer.from(token, 'utf8');
  const u = Buffer.from(url.toUpperCase(), 'utf8');
  const ts = Buffer.alloc(8);
  ts.writeBigInt64BE(ticks);
  return Buffer.concat([int32(t.length), t, int32(u.length), u, int32(8), ts]);
}

/** A discovery `proof-key` pair (base64 `modulus` and `exponent`). */
export interface RsaParts {
  modulus: string;
  exponent: string;
}

/** The public key of base64 modulus and exponent (discovery's `modulus` / `exponent`, `oldmodulus` / `oldexponent`). */
export function publicKeyOf(parts: RsaParts): KeyObject {
  const b64url = (s: string) => Buffer.from(s, 'base64').toString('base64url');
  return createPublicKey({ key: { kty: 'RSA', n: b64url(parts.modulus), e: b64url(parts.exponent) }, format: 'jwk' });
}

/** The client's current and old public keys. */
export interface ProofKeys {
  current: KeyObject;
  old?: KeyObject;
}

/** What a request's proof headers say. */
export interface ProofInput {
  /** The access token as the client sent it. */
  token: string;
  /** The absolute URL the client called (`OFFICE_CALLBACK_BASE` + path and query). */
  url: string;
  /** `X-WOPI-TimeStamp`. */
  timestamp: string | undefined;
  /** `X-WOPI-Proof`. */
  proof: string | undefined;
  /** `X-WOPI-ProofOld`. */
  proofOld: string | undefined;
}

export type ProofResult = 'ok' | 'stale' | 'bad';

const check = (data: Buffer, key: KeyObject | undefined, signature: string | undefined): boolean => {
  if (!key || !signature) return false;
  try {
    return verify('RSA-SHA256', data, key, Buffer.from(signature, 'base64'));
  } catch {
    return false;
  }
};

/**
 * Valid when `X-WOPI-Proof` verifies with the current key, or `X-WOPI-Proof` with the old key (the
 * host has not seen the rotation yet), or `X-WOPI-ProofOld` with the current key (the client rotated
 * and still signs with the old one too); `stale` when the timestamp is missing or more than 20 minutes
 * away from now.
 */
export function verifyProof(input: ProofInput, keys: ProofKeys, nowMs: number = Date.now()): ProofResult {
  const ms = input.timestamp === undefined ? NaN : ticksToMs(input.timestamp);
  if (!Number.isFinite(ms) || Math.abs(nowMs - ms) > PROOF_MAX_AGE_MS) return 'stale';
  const data = proofBytes(input.token, input.url, BigInt(input.timestamp!.trim()));
  if (check(data, keys.current, input.proof) || check(data, keys.old, input.proof) || check(data, keys.current, input.proofOld)) return 'ok';
  return 'bad';
}
