import type { MtEngineName } from '../../../config/config.js';
import { isRetryableStatus, MtEngineError } from './translation-engine.js';

/** One HTTP request to an engine (see {@link requestJson}). */
export interface EngineRequest {
  engine: MtEngineName;
  url: string;
  method?: 'GET' | 'POST';
  headers?: Record<string, string>;
  body?: string;
  /** Limit for the whole exchange (connect, answer and body). */
  timeoutMs: number;
  /** The caller's cancellation; its reason is rethrown as is. */
  signal?: AbortSignal;
  /** A secret (API key) that must never appear in an error message. */
  secret?: string;
}

/** Longest server error text kept in an error message. */
const MAX_ERROR_TEXT = 300;

/**
 * Sends a request with the global `fetch` and returns the parsed JSON body of a 2xx answer.
 *
 * Failures become {@link MtEngineError}: HTTP 5xx/408/429, timeouts and network errors are
 * retryable; other statuses and unparsable 2xx bodies are not. The server's own error text
 * (`{error: string}`, `{error: {message}}`, APY's `{explanation}`, …) is included, shortened
 * and with `secret` masked. When the caller's `signal` aborts, its reason is thrown unchanged.
 */
export async function requestJson(req: EngineRequest): Promise<unknown> {
  const timeout = AbortSignal.timeout(req.timeoutMs);
  const signal = req.signal ? AbortSignal.any([req.signal, timeout]) : timeout;
  const target = describeUrl(req.url);
  try {
    const res = await fetch(req.url, { method: req.method ?? 'POST', headers: req.headers, body: req.body, signal });
    const text = await res.text();
    if (!res.ok) {
      const detail = redact(errorText(text), req.secret);
      throw new MtEngineError(`${req.engine}: HTTP ${res.status} from ${target}${detail ? `: ${detail}` : ''}`, {
        retryable: isRetryableStatus(res.status),
        status: res.status,
        detail: detail || undefined,
      });
    }
    try {
      return JSON.parse(text) as unknown;
    } catch (cause) {
      throw new MtEngineError(`${req.engine}: ${target} answered with something that is not JSON`, {
        retryable: false,
        status: res.status,
        cause,
      });
    }
  } catch (err) {
    if (err instanceof MtEngineError) throw err;
    if (req.signal?.aborted) throw req.signal.reason;
    if (timeout.aborted) {
      throw new MtEngineError(`${req.engine}: no answer from ${target} within ${Math.round(req.timeoutMs / 1000)} s`, {
        retryable: true,
        cause: err,
      });
    }
    const code = networkCode(err);
    throw new MtEngineError(`${req.engine}: request to ${target} failed${code ? ` (${code})` : ''}`, { retryable: true, cause: err });
  }
}

/** `{base}/{path}` without doubled slashes. */
export function joinUrl(base: string, path: string): string {
  return `${base.replace(/\/+$/, '')}/${path.replace(/^\/+/, '')}`;
}

/** The address for messages: origin and path only (no query string, no user info). */
function describeUrl(url: string): string {
  try {
    const u = new URL(url);
    return `${u.origin}${u.pathname}`;
  } catch {
    return 'the engine';
  }
}

/** The most useful line of an error body. */
function errorText(body: string): string {
  let text = body.trim();
  try {
    const json = JSON.parse(text) as unknown;
    text = messageOf(json) ?? text;
  } catch {
    // not JSON: an HTML error page or plain text
    text = text.replace(/<[^>]*>/g, ' ');
  }
  text = text.replace(/\s+/g, ' ').trim();
  return text.length > MAX_ERROR_TEXT ? `${text.slice(0, MAX_ERROR_TEXT)}…` : text;
}

function messageOf(json: unknown): string | undefined {
  if (typeof json === 'string') return json;
  if (!json || typeof json !== 'object') return undefined;
  const o = json as Record<string, unknown>;
  for (const key of ['error', 'explanation', 'message', 'detail']) {
    const value = o[key];
    if (typeof value === 'string' && value) return value;
    if (value && typeof value === 'object') {
      const nested = messageOf(value);
      if (nested) return nested;
    }
  }
  return undefined;
}

function redact(text: string, secret?: string): string {
  return secret ? text.split(secret).join('***') : text;
}

/** `ECONNREFUSED` and the like from undici's `fetch failed` TypeError. */
function networkCode(err: unknown): string | undefined {
  const cause = (err as { cause?: { code?: unknown; message?: unknown } } | undefined)?.cause;
  if (typeof cause?.code === 'string') return cause.code;
  if (typeof cause?.message === 'string') return cause.message;
  return err instanceof Error ? err.message : undefined;
}
