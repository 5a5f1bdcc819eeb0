import type { INestApplication } from '@nestjs/common';
import type { NextFunction, Request, RequestHandler, Response } from 'express';
import helmet from 'helmet';

type CorsOptions = Exclude<Parameters<INestApplication['enableCors']>[0], undefined | ((...args: never[]) => unknown)>;

/** A Host header we are willing to echo into the CSP (name or address, optional port). */
const SAFE_HOST = /^[a-z0-9.-]+(?::\d{1,5})?$|^\[[0-9a-f:.]+\](?::\d{1,5})?$/i;

/** The live channel (socket.io at /webSocket) on this very host, plain or TLS. */
function sameHostWebSocket(req: { headers: { host?: string } }): string {
  const host = req.headers.host;
  return host && SAFE_HOST.test(host) ? `ws://${host} wss://${host}` : '';
}

/**
 * Content-Security-Policy of everything we serve (the SPA under /horizon/, the API, Swagger UI at
 * /api/docs): only what the built UI needs.
 * - scripts: our own files only (Vite emits no inline script; Swagger UI's init is a file too);
 * - styles: our files plus inline styles (MUI/emotion inject `<style>` elements at run time);
 * - images: ours, `data:` (captcha SVG, icons), `blob:` (previews), and http(s) images inside news
 *   texts (crawled articles keep their pictures; the UI loads them with no referrer);
 * - connections: this origin and its own WebSocket (`ws:`/`wss:` on the same host only);
 * - no plugins, no `<base>` elsewhere, forms post here, framed only by this origin.
 * No `upgrade-insecure-requests`: intranet deployments on plain HTTP must keep working.
 */
export const CSP_DIRECTIVES = {
  defaultSrc: ["'self'"],
  baseUri: ["'self'"],
  scriptSrc: ["'self'"],
  scriptSrcAttr: ["'none'"],
  styleSrc: ["'self'", "'unsafe-inline'"],
  imgSrc: ["'self'", 'data:', 'blob:', 'http:', 'https:'],
  fontSrc: ["'self'", 'data:'],
  connectSrc: ["'self'", sameHostWebSocket],
  objectSrc: ["'none'"],
  frameSrc: ["'self'"],
  formAction: ["'self'"],
  frameAncestors: ["'self'"],
  manifestSrc: ["'self'"],
};

/**
 * Content-Security-Policy of the online editor page (`/horizon/office/*`, docs/office-design.md §4.7):
 * the strict directives above plus `'wasm-unsafe-eval'` in `script-src` (the built-in editor shapes
 * text with HarfBuzz compiled to WebAssembly) and, with a document server (`officeOrigin`, the origin
 * of `OFFICE_URL`), that origin in `script-src` (ONLYOFFICE's api.js), `frame-src` (its editor frame),
 * `form-action` (the WOPI form POST into the frame) and `connect-src`. Every other page keeps the
 * strict policy.
 */
export function officeCspDirectives(officeOrigin?: string): typeof CSP_DIRECTIVES {
  const server = officeOrigin ? [officeOrigin] : [];
  return {
    ...CSP_DIRECTIVES,
    scriptSrc: ["'self'", "'wasm-unsafe-eval'", ...server],
    connectSrc: [...CSP_DIRECTIVES.connectSrc, ...server],
    frameSrc: ["'self'", ...server],
    formAction: ["'self'", ...server],
  };
}

/** The editor page's CSP header (`officeCspDirectives`), replacing the one `securityHeaders` set. */
export function officeSecurityHeaders(officeOrigin?: string): RequestHandler {
  return helmet.contentSecurityPolicy({ useDefaults: false, directives: officeCspDirectives(officeOrigin) });
}

/**
 * Security headers on every answer: the CSP above, `X-Content-Type-Options: nosniff`,
 * `Referrer-Policy: strict-origin-when-cross-origin`, `X-Frame-Options: SAMEORIGIN`, COOP, CORP
 * (`same-origin`, `same-site` when CORS origins are configured so their pages may show avatars),
 * and HSTS only on HTTPS requests (never `includeSubDomains`: other intranet hosts may be plain HTTP).
 */
export function securityHeaders(corsOrigins: readonly string[]): RequestHandler[] {
  const helmetHeaders = helmet({
    contentSecurityPolicy: { useDefaults: false, directives: CSP_DIRECTIVES },
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    crossOriginResourcePolicy: { policy: corsOrigins.length ? 'same-site' : 'same-origin' },
    strictTransportSecurity: false,
  });
  const headers = memoisedByHost(helmetHeaders);
  const hsts = (req: Request, res: Response, next: NextFunction) => {
    if (req.secure) res.setHeader('Strict-Transport-Security', 'max-age=15552000');
    next();
  };
  return [headers, hsts];
}

/** Most Host values whose headers are kept (a deployment answers under a handful of names). */
const MAX_HOSTS = 64;

/**
 * helmet's headers depend on the request only through the Host header (the CSP's same-host
 * WebSocket): they are computed once per Host by running helmet against a recording response, then
 * set directly (issue 18: helmet's eleven middlewares rebuilt the same strings on every request, ~2 %
 * of a list request). At most MAX_HOSTS hosts are kept, the oldest leaving first: a client inventing
 * Host values costs the real hosts one helmet run each now and then, never wrong headers. A Host
 * that is not a plain name or address (`SAFE_HOST`) is not kept at all.
 */
export function memoisedByHost(middleware: RequestHandler): RequestHandler {
  type Recorded = ReadonlyArray<readonly [string, string | number | readonly string[]]>;
  const byHost = new Map<string, Recorded>();
  const record = (req: Request): Recorded | undefined => {
    const set: Array<readonly [string, string | number | readonly string[]]> = [];
    let synchronous = false;
    const recorder = {
      setHeader: (name: string, value: string | number | readonly string[]) => void set.push([name, value]),
      removeHeader: () => undefined,
      getHeader: () => undefined,
    };
    middleware({ headers: { host: req.headers.host }, method: req.method, secure: req.secure } as Request, recorder as unknown as Response, ((err?: unknown) => {
      synchronous = !err;
    }) as NextFunction);
    return synchronous ? set : undefined;
  };
  return (req, res, next) => {
    const host = req.headers.host ?? '';
    let headers = byHost.get(host);
    if (!headers && host.length <= 255 && (host === '' || SAFE_HOST.test(host))) {
      headers = record(req);
      if (headers) {
        if (byHost.size >= MAX_HOSTS) byHost.delete(byHost.keys().next().value as string);
        byHost.set(host, headers);
      }
    }
    if (!headers) return middleware(req, res, next);
    res.removeHeader('X-Powered-By');
    for (let i = 0; i < headers.length; i++) res.setHeader(headers[i][0], headers[i][1]);
    next();
  };
}

/**
 * CORS for the origins in `CORS_ORIGINS` only: their preflights are answered (credentials allowed,
 * the headers our clients send), any other origin gets no `Access-Control-Allow-Origin`.
 */
export function corsOptions(origins: readonly string[]): CorsOptions {
  return {
    origin: [...origins],
    credentials: true,
    methods: ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE'],
    allowedHeaders: ['Authorization', 'Content-Type', 'X-Requested-With'],
    exposedHeaders: ['Content-Disposition', 'Retry-After'],
    maxAge: 600,
  };
}
