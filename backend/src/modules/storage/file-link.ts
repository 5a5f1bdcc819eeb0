import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * File capabilities (docs/workbench-api.md "Paths are capabilities"): the `<capability>` of
 * `/files/<capability>/<name>` names what to send (a stored file, or a stream a module produces),
 * for whom and until when, and is bound to `<name>`. It is the only credential of the path, so a
 * client may append it to its file base URL without a login token.
 *
 * Format: `<payload>.<mac>`, both base64url; the payload is the JSON of {@link FileLinkClaim} in its
 * short form, the MAC an HMAC-SHA256 over the payload and the name.
 */

/** The kind of a capability that names a stored file (`sys_file.id`); other kinds are registered producers. */
export const STORED_FILE_KIND = 'file';

/** A producer's kind name: lower case, digits and `-` (`journal-zip`). */
export const KIND_NAME = /^[a-z][a-z0-9-]{0,31}$/;

/** Longest capability accepted (characters): a URL path segment stays well under proxies' limits. */
export const MAX_CAPABILITY = 2048;

/** What a valid capability says. */
export interface FileLinkClaim {
  /** {@link STORED_FILE_KIND}, or a producer's kind. */
  kind: string;
  /** The stored file (kind `file`). */
  fileId?: number;
  /** The producer's parameters (other kinds), as given when minted. */
  params?: Record<string, unknown>;
  /** The user the link was minted for: whose rights are checked again when it is fetched. */
  userId: number;
  /** Expiry, unix seconds. */
  expires: number;
}

interface Wire {
  k: string;
  f?: number;
  p?: Record<string, unknown>;
  u: number;
  e: number;
}

/** HMAC key of file capabilities, derived from the deployment's JWT secret (its own label: never a download token nor a login token). */
export function deriveFileLinkKey(secret: string): Buffer {
  return createHmac('sha256', secret).update('horizon:file-link:v1').digest();
}

const mac = (key: Buffer, payload: string, name: string) => createHmac('sha256', key).update(`fl1|${payload}|${name}`).digest();

/** A capability for `claim`, valid only under `name` (the exact, already sanitised file name of the path). */
export function signFileLink(key: Buffer, claim: FileLinkClaim, name: string): string {
  const wire: Wire = { k: claim.kind, u: claim.userId, e: claim.expires };
  if (claim.fileId !== undefined) wire.f = claim.fileId;
  if (claim.params !== undefined) wire.p = claim.params;
  const payload = Buffer.from(JSON.stringify(wire), 'utf8').toString('base64url');
  return `${payload}.${mac(key, payload, name).toString('base64url')}`;
}

const CAPABILITY = /^([A-Za-z0-9_-]{1,2000})\.([A-Za-z0-9_-]{43})$/;
const isId = (v: unknown): v is number => typeof v === 'number' && Number.isSafeInteger(v) && v > 0;
const isPlainObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/**
 * The claim of a capability that is well-formed, authentic, unexpired and presented under the name it
 * was minted for; undefined for anything else (forged, expired, another name, not a string, a login token).
 */
export function verifyFileLink(key: Buffer, capability: unknown, name: unknown, nowMs: number = Date.now()): FileLinkClaim | undefined {
  if (typeof capability !== 'string' || typeof name !== 'string' || capability.length > MAX_CAPABILITY) return undefined;
  const m = CAPABILITY.exec(capability);
  if (!m) return undefined;
  const given = Buffer.from(m[2], 'base64url');
  const expected = mac(key, m[1], name);
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return undefined;
  let wire: Partial<Wire>;
  try {
    wire = JSON.parse(Buffer.from(m[1], 'base64url').toString('utf8')) as Partial<Wire>;
  } catch {
    return undefined;
  }
  if (!isPlainObject(wire) || typeof wire.k !== 'string' || !KIND_NAME.test(wire.k) || !isId(wire.u) || !isId(wire.e)) return undefined;
  if (wire.e * 1000 <= nowMs) return undefined;
  if (wire.k === STORED_FILE_KIND) return isId(wire.f) ? { kind: wire.k, fileId: wire.f, userId: wire.u, expires: wire.e } : undefined;
  return { kind: wire.k, params: isPlainObject(wire.p) ? wire.p : {}, userId: wire.u, expires: wire.e };
}
