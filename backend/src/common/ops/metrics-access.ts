import { createHash, timingSafeEqual } from 'node:crypto';
import { isIP } from 'node:net';

/** Who may read `GET /api/metrics` (docs/operations.md "Protection"). */
export type MetricsAccess = 'allowed' | 'unauthorized' | 'forbidden';

/** True for the loopback addresses a socket reports: 127.0.0.0/8, ::1 and their IPv4-mapped form. */
export function isLoopback(address: string | undefined): boolean {
  if (!address) return false;
  const v4 = address.startsWith('::ffff:') ? address.slice(7) : address;
  if (isIP(v4) === 4) return v4.startsWith('127.');
  return address === '::1';
}

const digest = (value: string) => createHash('sha256').update(value).digest();

/**
 * With `METRICS_TOKEN` set, the caller must send `Authorization: Bearer <token>` (compared in
 * constant time, on digests so the length does not leak either); 401 otherwise, whatever its address.
 * Without it, only a caller on this machine gets the metrics: the address is the socket's, never
 * `X-Forwarded-For` (which any client can write), and a proxy on the same machine must therefore
 * refuse `/api/metrics` from outside itself (docker/nginx.conf does).
 */
export function metricsAccess(request: { authorization?: string; remoteAddress?: string }, token: string | undefined): MetricsAccess {
  if (token) {
    const match = /^Bearer\s+(\S+)\s*$/i.exec(request.authorization ?? '');
    return match && timingSafeEqual(digest(match[1]), digest(token)) ? 'allowed' : 'unauthorized';
  }
  return isLoopback(request.remoteAddress) ? 'allowed' : 'forbidden';
}
