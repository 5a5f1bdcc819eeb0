import { promisify } from 'node:util';
import { brotliDecompress, gunzip, inflate, inflateRaw, type ZlibOptions } from 'node:zlib';
import { Agent, request, type Dispatcher } from 'undici';
import { assertPublicHost, guardedLookup, type Resolver } from './address-guard.js';
import { FetchError } from './fetch-error.js';
import { parseRetryAfter } from './retry-after.js';

/**
 * The collector's HTTP client (docs/collect-design.md §3.1): undici `request()` on one own `Agent`
 * whose connect `lookup` is the private-address guard; manual redirects (≤ 5, each re-checked, a
 * repeated URL is a loop); a byte cap on the wire **and** after `Content-Encoding` (a gzip bomb is
 * cut too); one deadline for the whole request.
 */

export interface SafeFetchOptions {
  /** `COLLECT_ALLOW_PRIVATE`: loopback/private targets allowed (tests, intranet sources). */
  allowPrivate?: boolean;
  /** `COLLECT_MAX_BYTES` (10 MB): body cap, raw and decoded. */
  maxBytes?: number;
  /** `COLLECT_TIMEOUT_SECONDS` × 1000 (30 s): deadline of the whole request, redirects included. */
  timeoutMs?: number;
  /** Connect timeout (10 s) and headers/body inactivity timeouts (15 s). */
  connectTimeoutMs?: number;
  ioTimeoutMs?: number;
  /** `COLLECT_USER_AGENT`. */
  userAgent?: string;
  maxRedirects?: number;
  /** Tests: answers the guard's DNS questions. */
  resolver?: Resolver;
}

export interface FetchRequest {
  etag?: string | null;
  lastModified?: string | null;
  /** Extra request headers (e.g. `Accept`). */
  headers?: Record<string, string>;
  signal?: AbortSignal;
}

export interface FetchResult {
  /** 2xx or 304. */
  status: number;
  /** Final URL after redirects. */
  url: string;
  headers: Record<string, string>;
  /** Decoded (Content-Encoding removed) body; empty for 304. */
  body: Buffer;
  /** Bytes read from the wire. */
  bytes: number;
  durationMs: number;
  /** Every URL redirected to, in order. */
  redirects: string[];
  /** Set when every hop was permanent (301/308): the URL a source's `feedUrl` may move to (§3.1). */
  permanentRedirect?: string;
}

export const DEFAULT_MAX_BYTES = 10 * 1024 * 1024;
const REDIRECTS = new Set([301, 302, 303, 307, 308]);
const DECOMPRESS: Record<string, (buf: Buffer, opts: ZlibOptions) => Promise<Buffer>> = {
  gzip: promisify(gunzip) as (buf: Buffer, opts: ZlibOptions) => Promise<Buffer>,
  'x-gzip': promisify(gunzip) as (buf: Buffer, opts: ZlibOptions) => Promise<Buffer>,
  br: promisify(brotliDecompress) as (buf: Buffer, opts: ZlibOptions) => Promise<Buffer>,
};
const inflateAsync = promisify(inflate) as (buf: Buffer, opts: ZlibOptions) => Promise<Buffer>;
const inflateRawAsync = promisify(inflateRaw) as (buf: Buffer, opts: ZlibOptions) => Promise<Buffer>;

export class SafeFetcher {
  private readonly agent: Agent;
  private readonly opts: Required<Omit<SafeFetchOptions, 'resolver'>>;

  constructor(options: SafeFetchOptions = {}) {
    this.opts = {
      allowPrivate: options.allowPrivate ?? false,
      maxBytes: options.maxBytes ?? DEFAULT_MAX_BYTES,
      timeoutMs: options.timeoutMs ?? 30_000,
      connectTimeoutMs: options.connectTimeoutMs ?? 10_000,
      ioTimeoutMs: options.ioTimeoutMs ?? 15_000,
      userAgent: options.userAgent ?? 'HorizonCollector/1.0',
      maxRedirects: options.maxRedirects ?? 5,
    };
    this.agent = new Agent({
      connect: {
        timeout: this.opts.connectTimeoutMs,
        ...(this.opts.allowPrivate ? {} : { lookup: guardedLookup(options.resolver) as never }),
      },
      headersTimeout: this.opts.ioTimeoutMs,
      bodyTimeout: this.opts.ioTimeoutMs,
    });
  }

  /** Closes the agent's sockets (app shutdown, tests). */
  close(): Promise<void> {
    return this.agent.close();
  }

  async fetch(url: string, req: FetchRequest = {}): Promise<FetchResult> {
    const started = Date.now();
    const deadline = AbortSignal.timeout(this.opts.timeoutMs);
    const signal = req.signal ? AbortSignal.any([deadline, req.signal]) : deadline;
    const seen = new Set<string>();
    const redirects: string[] = [];
    let permanent = true;
    let current = this.checkUrl(url);
    try {
      for (;;) {
        seen.add(current.href);
        const res = await request(current, {
          dispatcher: this.agent,
          method: 'GET',
          signal,
          headers: this.headers(req),
        });
        const status = res.statusCode;
        const location = header(res.headers, 'location');
        if (REDIRECTS.has(status) && location) {
          await res.body.dump().catch(() => undefined);
          if (status !== 301 && status !== 308) permanent = false;
          let next: URL;
          try {
            next = this.checkUrl(new URL(location, current).href);
          } catch (e) {
            throw e instanceof FetchError ? e : new FetchError('BAD_URL', location);
          }
          if (seen.has(next.href)) throw new FetchError('REDIRECT_LOOP', next.href);
          if (redirects.length >= this.opts.maxRedirects) throw new FetchError('TOO_MANY_REDIRECTS', `> ${this.opts.maxRedirects}`);
          redirects.push(next.href);
          current = next;
          continue;
        }
        const headers = flatHeaders(res.headers);
        if (status === 304) {
          await res.body.dump().catch(() => undefined);
          return this.result(304, current, headers, Buffer.alloc(0), 0, started, redirects, permanent);
        }
        if (status < 200 || status >= 300) {
          await res.body.dump().catch(() => undefined);
          throw new FetchError('HTTP', String(status), status, parseRetryAfter(headers['retry-after']));
        }
        const { raw, bytes } = await this.readCapped(res.body, headers['content-length']);
        const body = await this.decompress(raw, headers['content-encoding']);
        return this.result(status, current, headers, body, bytes, started, redirects, permanent);
      }
    } catch (e) {
      throw toFetchError(e, deadline);
    }
  }

  private result(
    status: number,
    url: URL,
    headers: Record<string, string>,
    body: Buffer,
    bytes: number,
    started: number,
    redirects: string[],
    permanent: boolean,
  ): FetchResult {
    return {
      status,
      url: url.href,
      headers,
      body,
      bytes,
      durationMs: Date.now() - started,
      redirects,
      ...(redirects.length && permanent ? { permanentRedirect: url.href } : {}),
    };
  }

  private headers(req: FetchRequest): Record<string, string> {
    const h: Record<string, string> = {
      'user-agent': this.opts.userAgent,
      'accept-encoding': 'gzip, deflate, br',
      accept: 'application/rss+xml, application/atom+xml, application/feed+json, application/json, application/xml, text/xml, text/html;q=0.9, */*;q=0.8',
      ...lowerKeys(req.headers ?? {}),
    };
    if (req.etag) h['if-none-match'] = req.etag;
    if (req.lastModified) h['if-modified-since'] = req.lastModified;
    return h;
  }

  /** http(s) only, no credentials, and (unless private targets are allowed) no private IP literal. */
  private checkUrl(raw: string): URL {
    let url: URL;
    try {
      url = new URL(raw);
    } catch {
      throw new FetchError('BAD_URL', raw);
    }
    if ((url.protocol !== 'http:' && url.protocol !== 'https:') || url.username || url.password) {
      throw new FetchError('BAD_URL', url.protocol);
    }
    url.hash = '';
    if (!this.opts.allowPrivate) assertPublicHost(url.hostname);
    return url;
  }

  private async readCapped(body: Dispatcher.ResponseData['body'], contentLength: string | undefined): Promise<{ raw: Buffer; bytes: number }> {
    const max = this.opts.maxBytes;
    if (contentLength && Number(contentLength) > max) {
      body.destroy();
      throw new FetchError('TOO_LARGE', `Content-Length ${contentLength}`);
    }
    const chunks: Buffer[] = [];
    let bytes = 0;
    for await (const chunk of body as AsyncIterable<Buffer>) {
      bytes += chunk.length;
      if (bytes > max) {
        body.destroy();
        throw new FetchError('TOO_LARGE', `> ${max} bytes`);
      }
      chunks.push(chunk);
    }
    return { raw: Buffer.concat(chunks, bytes), bytes };
  }

  /** Removes `Content-Encoding` layers (last applied first), each output capped at `maxBytes`. */
  private async decompress(raw: Buffer, encoding: string | undefined): Promise<Buffer> {
    if (!encoding) return raw;
    const layers = encoding
      .toLowerCase()
      .split(',')
      .map((s) => s.trim())
      .filter((s) => s && s !== 'identity')
      .reverse();
    let buf = raw;
    const opts: ZlibOptions = { maxOutputLength: this.opts.maxBytes };
    for (const layer of layers) {
      try {
        if (layer === 'deflate') buf = await inflateAsync(buf, opts).catch((e: unknown) => (isTooLarge(e) ? Promise.reject(e) : inflateRawAsync(buf, opts)));
        else if (DECOMPRESS[layer]) buf = await DECOMPRESS[layer](buf, opts);
        else throw new FetchError('NETWORK', `Content-Encoding ${layer}`);
      } catch (e) {
        if (isTooLarge(e)) throw new FetchError('TOO_LARGE', `> ${this.opts.maxBytes} bytes (decoded)`);
        if (e instanceof FetchError) throw e;
        throw new FetchError('NETWORK', `Content-Encoding ${layer}: ${(e as Error).message}`);
      }
    }
    return buf;
  }
}

function isTooLarge(e: unknown): boolean {
  const err = e as { code?: string } | null;
  return err?.code === 'ERR_BUFFER_TOO_LARGE' || (e instanceof RangeError && /too large|maxOutputLength/i.test(e.message));
}

function header(headers: Record<string, string | string[] | undefined>, name: string): string | undefined {
  const v = headers[name];
  return Array.isArray(v) ? v[0] : v;
}

function flatHeaders(headers: Record<string, string | string[] | undefined>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [k, v] of Object.entries(headers)) if (v !== undefined) out[k.toLowerCase()] = Array.isArray(v) ? v.join(', ') : v;
  return out;
}

function lowerKeys(h: Record<string, string>): Record<string, string> {
  return Object.fromEntries(Object.entries(h).map(([k, v]) => [k.toLowerCase(), v]));
}

const TLS_CODES = /^(ERR_TLS_|ERR_SSL_|CERT_|UNABLE_TO_|DEPTH_ZERO_SELF_SIGNED_CERT|SELF_SIGNED_CERT|HOSTNAME_MISMATCH|ERR_OSSL)/;

/** Maps undici/node errors onto the collector's codes (the first FetchError in the cause chain wins). */
export function toFetchError(e: unknown, deadline?: AbortSignal): FetchError {
  for (let cur: unknown = e, depth = 0; cur && depth < 5; cur = (cur as { cause?: unknown }).cause, depth++) {
    if (cur instanceof FetchError) return cur;
  }
  if (deadline?.aborted) return new FetchError('TIMEOUT');
  type Err = { code?: string; name?: string; message?: string; cause?: unknown };
  const chain: Err[] = [];
  for (let cur = e as Err | null, depth = 0; cur && depth < 5; cur = cur.cause as Err | null, depth++) chain.push(cur);
  for (const err of chain) {
    const code = err.code ?? '';
    if (/^UND_ERR_(CONNECT|HEADERS|BODY)_TIMEOUT$/.test(code) || err.name === 'TimeoutError' || code === 'ETIMEDOUT') return new FetchError('TIMEOUT');
    if (code === 'ENOTFOUND' || code === 'EAI_AGAIN' || code === 'EAI_NONAME' || code === 'EAI_FAIL') return new FetchError('DNS', err.message);
    if (TLS_CODES.test(code)) return new FetchError('TLS', code);
  }
  const first = chain[0];
  return new FetchError('NETWORK', first?.code ?? first?.message ?? String(e));
}
