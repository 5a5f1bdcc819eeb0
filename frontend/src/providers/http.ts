// The one HTTP client of the app (the only module that calls fetch): bearer token, JSON, timeout
// and the error shape of the API (`{status, message, code?, timestamp}`, spec §8). The dataProvider,
// the authProvider and the screens' calls (resources/api.ts) all go through `request`.
import { HttpError } from 'react-admin';
import { getCookie, removeCookie, setCookie } from '../utils/cookies';
import { isPasswordChangeError, setPasswordChangeRequired } from './passwordChange';

export const TOKEN_COOKIE = 'HORIZON-TOKEN';
/** Spec §9: token cookie expiry when "remember me" is ticked. */
export const TOKEN_DAYS = 1;
/** Spec §9: request timeout. */
export const REQUEST_TIMEOUT_MS = 1_200_000;

export const MSG_REQUEST_FAILED = '接口请求失败';
export const MSG_TIMEOUT = '网络请求超时';

/** API origin; empty means "same origin as the SPA" (the server serves both). */
const API_BASE: string = import.meta.env.VITE_API_BASE ?? '';

export function getToken(): string | undefined {
  return getCookie(TOKEN_COOKIE)?.replace(/^bearer\s+/i, '') || undefined;
}

/** Stores the token: a session cookie, or one that lasts a day when the user asked to be remembered. */
export function setToken(token: string, rememberMe: boolean): void {
  setCookie(TOKEN_COOKIE, token.replace(/^bearer\s+/i, ''), rememberMe ? TOKEN_DAYS : undefined);
}

export function clearToken(): void {
  removeCookie(TOKEN_COOKIE);
}

/** `api/users` → `/api/users` on the API origin. */
export function apiUrl(path: string): string {
  if (/^https?:\/\//.test(path)) return path;
  return `${API_BASE}/${path.replace(/^\/+/, '')}`;
}

export interface ApiErrorBody {
  status?: number;
  message?: string;
  code?: string;
  timestamp?: string | number;
}

export interface RequestOptions {
  method?: string;
  /** Plain values are sent as JSON; FormData as multipart. */
  body?: unknown;
  headers?: Record<string, string>;
  signal?: AbortSignal;
  /** `blob` for downloads; `json` (default) parses JSON and falls back to text. */
  responseType?: 'json' | 'blob';
  timeoutMs?: number;
  /** Outlives the page (fetch `keepalive`): the online editor's close on leaving the window. */
  keepalive?: boolean;
}

export interface HttpResponse<T> {
  status: number;
  headers: Headers;
  body: T;
}

function isJson(headers: Headers): boolean {
  return /[/+]json/i.test(headers.get('content-type') ?? '');
}

/** The body as JSON when it says so (an error body: whenever it parses), else its text; empty → null. */
async function readBody(response: Response): Promise<unknown> {
  const text = await response.text();
  if (!text) return null;
  if (isJson(response.headers) || !response.ok) {
    try {
      return JSON.parse(text);
    } catch {
      return text;
    }
  }
  return text;
}

const failedMethods = new WeakMap<object, string>();

/** Remembers the HTTP method of a failed call on its error (read by authProvider.checkError). */
export function rememberFailedMethod<E>(error: E, method: string): E {
  if (error && typeof error === 'object') failedMethods.set(error, method.toUpperCase());
  return error;
}

/** The method of the call an error came from, when known. */
export function failedMethod(error: unknown): string | undefined {
  return error && typeof error === 'object' ? failedMethods.get(error) : undefined;
}

/** Turns an error body into the HttpError react-admin understands (its `status` drives checkError). */
export function toHttpError(httpStatus: number, body: unknown): HttpError {
  const errorBody = (body && typeof body === 'object' ? body : {}) as ApiErrorBody;
  if (typeof errorBody.status !== 'number') {
    return new HttpError(MSG_REQUEST_FAILED, httpStatus, body);
  }
  return new HttpError(errorBody.message || MSG_REQUEST_FAILED, errorBody.status, body);
}

/** Joins the caller's abort signal with our timeout. */
function withTimeout(signal: AbortSignal | undefined, timeoutMs: number) {
  const controller = new AbortController();
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    controller.abort();
  }, timeoutMs);
  const onAbort = () => controller.abort();
  if (signal?.aborted) controller.abort();
  signal?.addEventListener('abort', onAbort);
  return {
    signal: controller.signal,
    timedOut: () => timedOut,
    done: () => {
      clearTimeout(timer);
      signal?.removeEventListener('abort', onAbort);
    },
  };
}

export async function request<T = unknown>(path: string, options: RequestOptions = {}): Promise<HttpResponse<T>> {
  const { method = 'GET', body, signal, responseType = 'json', timeoutMs = REQUEST_TIMEOUT_MS } = options;
  const headers: Record<string, string> = { Accept: 'application/json', ...options.headers };
  const token = getToken();
  if (token) headers.Authorization = `Bearer ${token}`;
  let payload: BodyInit | undefined;
  if (body instanceof FormData) {
    payload = body;
  } else if (body !== undefined) {
    headers['Content-Type'] = 'application/json';
    payload = JSON.stringify(body);
  }

  const timeout = withTimeout(signal, timeoutMs);
  let response: Response;
  try {
    response = await fetch(apiUrl(path), { method, headers, body: payload, signal: timeout.signal, keepalive: options.keepalive });
  } catch (error) {
    timeout.done();
    if (timeout.timedOut()) throw new HttpError(MSG_TIMEOUT, 0, null);
    if (signal?.aborted) throw error; // react-admin cancelled the query: keep the AbortError
    throw new HttpError(MSG_REQUEST_FAILED, 0, null);
  }

  try {
    if (!response.ok) {
      const error = toHttpError(response.status, await readBody(response));
      // Any call can say the account must change its initial password first: the shell then asks for it.
      if (isPasswordChangeError(error)) setPasswordChangeRequired(true);
      throw rememberFailedMethod(error, method);
    }
    if (responseType === 'blob') {
      const blob = await response.blob();
      // A JSON error delivered in place of a file (spec §8).
      if (isJson(response.headers) || blob.type.includes('json')) {
        throw toHttpError(response.status, JSON.parse(await blob.text()));
      }
      return { status: response.status, headers: response.headers, body: blob as T };
    }
    return { status: response.status, headers: response.headers, body: (await readBody(response)) as T };
  } catch (error) {
    if (timeout.timedOut()) throw new HttpError(MSG_TIMEOUT, 0, null);
    if (error instanceof HttpError) throw error;
    throw new HttpError(MSG_REQUEST_FAILED, response.status, null);
  } finally {
    timeout.done();
  }
}

/** Shorthand when only the body matters. */
export async function requestJson<T = unknown>(path: string, options?: RequestOptions): Promise<T> {
  return (await request<T>(path, options)).body;
}
