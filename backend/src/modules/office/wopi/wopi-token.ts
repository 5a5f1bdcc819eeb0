import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * WOPI access tokens (docs/office-design.md §3.2): `office1.<payload>.<mac>`, both base64url; the
 * payload is the JSON of {@link WopiTokenClaim} in its short form, the MAC an HMAC-SHA256 over the
 * prefix and the payload with a key derived from the deployment's JWT secret under its own label
 * (`horizon:office:v1`: never a login token, a download token nor a file capability). One token per
 * user, per file, per session; its life is `OFFICE_TOKEN_TTL_MINUTES`, and it dies earlier with its
 * session (the host checks the session on every call).
 */

export const WOPI_TOKEN_PREFIX = 'office1';

/** What a valid token says. */
export interface WopiTokenClaim {
  sessionId: string;
  userId: number;
  /** The WOPI file id (`j12`, `c345`): the target, stable across versions. */
  fileId: string;
  mode: 'edit' | 'view';
  /** Expiry, milliseconds since 1970 (the `access_token_ttl` the page posts to the WOPI client). */
  expires: number;
}

interface Wire {
  s: string;
  u: number;
  f: string;
  m: 'e' | 'v';
  e: number;
}

/** HMAC key of WOPI access tokens, derived from the deployment's JWT secret. */
export function deriveWopiKey(secret: string): Buffer {
  return createHmac('sha256', secret).update('horizon:office:v1').digest();
}

const mac = (key: Buffer, payload: string) => createHmac('sha256', key).update(`${WOPI_TOKEN_PREFIX}|${payload}`).digest();

export function signWopiToken(key: Buffer, claim: WopiTokenClaim): string {
  const wire: Wire = { s: claim.sessionId, u: claim.userId, f: claim.fileId, m: claim.mode === 'edit' ? 'e' : 'v', e: claim.expires };
  const payload = Buffer.from(JSON.stringify(wire), 'utf8').toString('base64url');
  return `${WOPI_TOKEN_PREFIX}.${payload}.${mac(key, payload).toString('base64url')}`;
}

const TOKEN = /^office1\.([A-Za-z0-9_-]{1,1000})\.([A-Za-z0-9_-]{43})$/;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
export const WOPI_FILE_ID = /^([jc])([1-9]\d{0,9})$/;

/** The claim of an authentic, unexpired token; undefined for anything else (forged, expired, malformed, a login token). */
export function verifyWopiToken(key: Buffer, token: unknown, nowMs: number = Date.now()): WopiTokenClaim | undefined {
  if (typeof token !== 'string') return undefined;
  const m = TOKEN.exec(token);
  if (!m) return undefined;
  const given = Buffer.from(m[2], 'base64url');
  const expected = mac(key, m[1]);
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return undefined;
  let wire: Partial<Wire>;
  try {
    wire = JSON.parse(Buffer.from(m[1], 'base64url').toString('utf8')) as Partial<Wire>;
  } catch {
    return undefined;
  }
  if (typeof wire !== 'object' || wire === null) return undefined;
  if (typeof wire.s !== 'string' || !UUID.test(wire.s) || typeof wire.f !== 'string' || !WOPI_FILE_ID.test(wire.f)) return undefined;
  if (!Number.isSafeInteger(wire.u) || wire.u! < 1 || !Number.isSafeInteger(wire.e) || (wire.m !== 'e' && wire.m !== 'v')) return undefined;
  if (wire.e! <= nowMs) return undefined;
  return { sessionId: wire.s, userId: wire.u!, fileId: wire.f, mode: wire.m === 'e' ? 'edit' : 'view', expires: wire.e! };
}

/** The WOPI file id of a target (`j12` a journal, `c345` a journal copy). */
export const wopiFileId = (kind: 'journal' | 'copy', id: number): string => `${kind === 'journal' ? 'j' : 'c'}${id}`;

/** The target a WOPI file id names, or undefined. */
export function parseWopiFileId(fileId: unknown): { kind: 'journal' | 'copy'; id: number } | undefined {
  if (typeof fileId !== 'string') return undefined;
  const m = WOPI_FILE_ID.exec(fileId);
  if (!m || Number(m[2]) > 2147483647) return undefined;
  return { kind: m[1] === 'j' ? 'journal' : 'copy', id: Number(m[2]) };
}
