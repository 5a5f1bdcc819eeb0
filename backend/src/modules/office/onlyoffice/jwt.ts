import { createHmac, timingSafeEqual } from 'node:crypto';
import { JwtService } from '@nestjs/jwt';

/**
 * The JSON Web Tokens ONLYOFFICE Document Server exchanges with Horizon (docs/office-design.md §2.1,
 * §2.2; ONLYOFFICE "signature", "token in header", "token in body"): HS256 with the server's
 * `JWT_SECRET` (`OFFICE_JWT_SECRET`). Only HS256 is accepted (`alg: none` and every other algorithm
 * are refused); no `exp` on what Horizon signs (the config is checked at open only), `iat` set.
 */
const jwt = new JwtService();
const ALGORITHMS = ['HS256' as const];

/** Signs `payload` (an editor config, a `setHistoryData` answer): HS256, `iat` set, no expiry. */
export function signOnlyoffice(secret: string, payload: object): string {
  return jwt.sign({ ...payload }, { secret, algorithm: 'HS256', noTimestamp: false });
}

/** The verified payload of one token, or null (bad signature, another algorithm, expired, malformed). */
export function verifyOnlyoffice(secret: string, token: unknown): Record<string, unknown> | null {
  if (typeof token !== 'string' || !token) return null;
  try {
    const payload: unknown = jwt.verify(token, { secret, algorithms: ALGORITHMS });
    return payload && typeof payload === 'object' && !Array.isArray(payload) ? (payload as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}

/** Where the document server's token of a callback came from. */
export type CallbackTokenSource = 'body' | 'header';

/**
 * The signed fields of a callback (§2.2): the body token when the body has one (its payload is the
 * body's fields), else the header token (`Authorization: Bearer <jwt>`, its payload `{payload: body}`).
 * Null when neither verifies: the caller refuses the request and uses nothing of the unsigned body.
 */
export function verifyCallback(secret: string, body: unknown, header: string | undefined): { fields: Record<string, unknown>; source: CallbackTokenSource } | null {
  const bodyToken = body && typeof body === 'object' ? (body as { token?: unknown }).token : undefined;
  if (bodyToken !== undefined) {
    const fields = verifyOnlyoffice(secret, bodyToken);
    return fields ? { fields, source: 'body' } : null;
  }
  const bearer = header ? /^Bearer\s+(\S+)$/i.exec(header.trim())?.[1] : undefined;
  const claims = verifyOnlyoffice(secret, bearer);
  const inner = claims?.payload;
  if (!inner || typeof inner !== 'object' || Array.isArray(inner)) return null;
  return { fields: inner as Record<string, unknown>, source: 'header' };
}

/** HMAC key of the callback capability `s`, derived from the document server's secret under its own label. */
const capabilityMac = (secret: string, sessionId: string) => createHmac('sha256', `${secret}|horizon:onlyoffice:callback`).update(sessionId).digest('base64url');

/** `s` of the callback URL: `<session id>.<HMAC>` — names the session without trusting the document key (§2.1). */
export function callbackCapability(secret: string, sessionId: string): string {
  return `${sessionId}.${capabilityMac(secret, sessionId)}`;
}

/** The session id of a valid `s`, else null. */
export function verifyCallbackCapability(secret: string, capability: unknown): string | null {
  if (typeof capability !== 'string') return null;
  const m = /^([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})\.([A-Za-z0-9_-]{43})$/.exec(capability);
  if (!m) return null;
  const expected = Buffer.from(capabilityMac(secret, m[1]));
  const given = Buffer.from(m[2]);
  return expected.length === given.length && timingSafeEqual(expected, given) ? m[1] : null;
}
