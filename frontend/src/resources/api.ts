// Tiny HTTP helper for the calls outside react-admin's CRUD (trees, reset password, role menus,
// dict details, online users, exports). Speaks the wire contract of docs/admin-api.md.
import { rememberFailedMethod } from '../providers/http';

export const TOKEN_COOKIE = 'HORIZON-TOKEN';

/** Paths in the API doc are relative to the server root (`api/...`, `auth/...`); VITE_API_BASE is the
 * API origin when it differs from the SPA's (same variable as the app's http layer). */
const API_ROOT = `${import.meta.env.VITE_API_BASE ?? ''}/`;

export class ApiError extends Error {
  readonly status: number;
  readonly body: unknown;

  constructor(message: string, status: number, body?: unknown) {
    super(message);
    this.name = 'ApiError';
    this.status = status;
    this.body = body;
  }
}

type Scalar = string | number | boolean | null | undefined;
export type QueryValue = Scalar | readonly Scalar[];
export type QueryParams = Record<string, QueryValue>;

const isEmpty = (value: Scalar): value is null | undefined | '' =>
  value === undefined || value === null || value === '';

/** Query string with arrays as repeated keys and empty values dropped (`a=1&a=2`). */
export function toQueryString(params: QueryParams = {}): string {
  const search = new URLSearchParams();
  for (const [key, raw] of Object.entries(params)) {
    const values: readonly Scalar[] = Array.isArray(raw) ? raw : [raw as Scalar];
    for (const value of values) {
      if (!isEmpty(value)) search.append(key, String(value));
    }
  }
  // Commas are legal in a query string; keeping them makes `sort=dictSort,asc` readable in logs.
  return search.toString().replace(/%2C/gi, ',');
}

export function readToken(cookie: string = typeof document === 'undefined' ? '' : document.cookie): string | null {
  for (const part of cookie.split(';')) {
    const [name, ...rest] = part.trim().split('=');
    if (name === TOKEN_COOKIE) {
      const value = decodeURIComponent(rest.join('='));
      return value || null;
    }
  }
  return null;
}

export function authHeader(token: string | null = readToken()): Record<string, string> {
  if (!token) return {};
  return { Authorization: token.startsWith('Bearer ') ? token : `Bearer ${token}` };
}

export function buildUrl(path: string, query?: QueryParams): string {
  const qs = toQueryString(query);
  const clean = path.replace(/^\/+/, '');
  return `${API_ROOT}${clean}${qs ? `?${qs}` : ''}`;
}

/** Turns an error response (`{status, message}`) into an ApiError carrying the server message. */
export async function toApiError(response: Response): Promise<ApiError> {
  let body: unknown;
  let message = '';
  try {
    const text = await response.text();
    body = text ? JSON.parse(text) : undefined;
    if (body && typeof body === 'object' && 'message' in body && typeof body.message === 'string') {
      message = body.message;
    }
  } catch {
    // not JSON: keep the generic message
  }
  return new ApiError(message || '接口请求失败', response.status, body);
}

interface RequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'DELETE';
  query?: QueryParams;
  body?: unknown;
}

export async function apiRequest<T>(path: string, { method = 'GET', query, body }: RequestOptions = {}): Promise<T> {
  const headers: Record<string, string> = { Accept: 'application/json', ...authHeader() };
  if (body !== undefined) headers['Content-Type'] = 'application/json';
  const response = await fetch(buildUrl(path, query), {
    method,
    headers,
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  if (!response.ok) throw rememberFailedMethod(await toApiError(response), method);
  if (response.status === 204) return undefined as T;
  const text = await response.text();
  return (text ? JSON.parse(text) : undefined) as T;
}

export const api = {
  get: <T>(path: string, query?: QueryParams) => apiRequest<T>(path, { query }),
  post: <T>(path: string, body?: unknown) => apiRequest<T>(path, { method: 'POST', body }),
  put: <T>(path: string, body?: unknown) => apiRequest<T>(path, { method: 'PUT', body }),
  del: <T>(path: string, body?: unknown) => apiRequest<T>(path, { method: 'DELETE', body }),
};

/** `GET {path}` as a blob; a JSON body (an error delivered as a file) is read and thrown. */
export async function apiDownload(path: string, query?: QueryParams): Promise<Blob> {
  const response = await fetch(buildUrl(path, query), { headers: { ...authHeader() } });
  if (!response.ok) throw await toApiError(response);
  if ((response.headers.get('Content-Type') ?? '').includes('application/json')) {
    const error = await toApiError(response);
    throw new ApiError(error.message, response.status === 200 ? 500 : response.status, error.body);
  }
  return response.blob();
}

/** Accepts both plain arrays and the `{content, totalElements}` wrapper. */
export function asArray<T>(value: T[] | Page<T> | null | undefined): T[] {
  if (!value) return [];
  return Array.isArray(value) ? value : (value.content ?? []);
}

interface Page<T> {
  content: T[];
  totalElements?: number;
}

export function saveBlob(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.appendChild(link);
  link.click();
  link.remove();
  URL.revokeObjectURL(url);
}
