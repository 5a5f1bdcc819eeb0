import type { NextFunction, Request, RequestHandler, Response } from 'express';
import { memoisedByHost, securityHeaders } from './transport.js';

/** A response that keeps what is set on it. */
function response(): Response & { headers: Record<string, unknown> } {
  const headers: Record<string, unknown> = {};
  return {
    headers,
    setHeader: (name: string, value: unknown) => void (headers[name.toLowerCase()] = value),
    removeHeader: (name: string) => void delete headers[name.toLowerCase()],
    getHeader: (name: string) => headers[name.toLowerCase()],
  } as unknown as Response & { headers: Record<string, unknown> };
}

const request = (host?: string, secure = false) => ({ headers: host ? { host } : {}, method: 'GET', secure }) as unknown as Request;

function run(mw: RequestHandler, req: Request) {
  const res = response();
  let nextArg: unknown = 'not called';
  mw(req, res, ((err?: unknown) => (nextArg = err)) as NextFunction);
  return { headers: res.headers, nextArg };
}

describe('securityHeaders', () => {
  const [headers, hsts] = securityHeaders([]);

  it('sets the same headers as helmet itself, with the CSP naming the request\'s own host', async () => {
    const helmet = (await import('helmet')).default;
    const plain = helmet({
      contentSecurityPolicy: { useDefaults: false, directives: (await import('./transport.js')).CSP_DIRECTIVES },
      referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
      crossOriginResourcePolicy: { policy: 'same-origin' },
      strictTransportSecurity: false,
    });
    for (const host of ['desk.example:8080', 'desk.example:8080', 'other.example']) {
      const ours = run(headers, request(host));
      expect(ours.nextArg).toBeUndefined();
      expect(ours.headers).toEqual(run(plain, request(host)).headers);
      expect(ours.headers['content-security-policy']).toContain(`connect-src 'self' ws://${host} wss://${host}`);
      expect(ours.headers['x-content-type-options']).toBe('nosniff');
    }
  });

  it('answers a request without Host, and sets HSTS only on HTTPS', () => {
    expect(run(headers, request()).headers['content-security-policy']).toMatch(/connect-src 'self' ?;/);
    expect(run(hsts, request('a', true)).headers['strict-transport-security']).toBe('max-age=15552000');
    expect(run(hsts, request('a', false)).headers['strict-transport-security']).toBeUndefined();
  });
});

describe('memoisedByHost', () => {
  /** A middleware that sets X-Host to the request's Host, counting its runs. */
  const echoHost = () =>
    jest.fn((req: Request, res: Response, next: NextFunction) => {
      res.setHeader('X-Host', String(req.headers.host));
      next();
    });

  it('runs the middleware once per host, then replays what it set', () => {
    const inner = echoHost();
    const mw = memoisedByHost(inner);
    for (let i = 0; i < 3; i++) expect(run(mw, request('a')).headers).toEqual({ 'x-host': 'a' });
    expect(run(mw, request('b')).headers).toEqual({ 'x-host': 'b' });
    expect(inner).toHaveBeenCalledTimes(2);
  });

  it('keeps at most 64 hosts, the oldest leaving first: an evicted host is recorded again', () => {
    const inner = echoHost();
    const mw = memoisedByHost(inner);
    for (let i = 0; i < 64; i++) run(mw, request(`h${i}`));
    expect(inner).toHaveBeenCalledTimes(64);
    expect(run(mw, request('h3')).headers).toEqual({ 'x-host': 'h3' });
    expect(inner).toHaveBeenCalledTimes(64);
    // A 65th host pushes out h0, the oldest.
    expect(run(mw, request('invented')).headers).toEqual({ 'x-host': 'invented' });
    expect(run(mw, request('invented')).headers).toEqual({ 'x-host': 'invented' });
    expect(inner).toHaveBeenCalledTimes(65);
    expect(run(mw, request('h0')).headers).toEqual({ 'x-host': 'h0' });
    expect(inner).toHaveBeenCalledTimes(66);
    expect(run(mw, request('h5')).headers).toEqual({ 'x-host': 'h5' });
    expect(inner).toHaveBeenCalledTimes(66);
  });

  it('never keeps a Host that is not a plain name or address: the middleware runs for it every time', () => {
    const inner = echoHost();
    const mw = memoisedByHost(inner);
    for (const host of ['evil.example/path', 'a'.repeat(300), 'x"y']) {
      for (let i = 0; i < 2; i++) expect(run(mw, request(host)).headers).toEqual({ 'x-host': host });
    }
    expect(inner).toHaveBeenCalledTimes(6); // run for each request, never recorded
  });

  it('does not keep what a middleware that fails or answers later set', () => {
    const failing = jest.fn((_req: Request, _res: Response, next: NextFunction) => next(new Error('no')));
    const mw = memoisedByHost(failing);
    expect(run(mw, request('a')).nextArg).toBeInstanceOf(Error);
    expect(run(mw, request('a')).nextArg).toBeInstanceOf(Error);
    expect(failing).toHaveBeenCalledTimes(4); // recorded (refused) and run, twice
  });
});
