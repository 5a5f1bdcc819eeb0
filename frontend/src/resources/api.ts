// The screens' calls outside react-admin's CRUD (trees, reset password, role menus, dict details,
// online users, exports): JSON in and out through the app's one HTTP client (providers/http.ts
// `request`), errors as ApiError. Speaks the wire contract of docs/admin-api.md.
import { HttpError } from 'react-admin';
import { rememberFailedMethod, request, TOKEN_COOKIE } from '../providers/http';

export { TOKEN_COOKIE };

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

/** `api/users` + query → `api/users?…` (relative to the API root). */
function withQuery(path: string, query?: QueryParams): string {
  const qs = toQueryString(query);
  return `${path.replace(/^\/+/, '')}${qs ? `?${qs}` : ''}`;
}

export function buildUrl(path: string, query?: QueryParams): string {
  return `${API_ROOT}${withQuery(path, query)}`;
}

interface RequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'DELETE';
  query?: QueryParams;
  body?: unknown;
}

/** The client's HttpError as the ApiError these calls throw (the server's message and status). */
function asApiError(error: unknown, method: string): unknown {
  if (!(error instanceof HttpError)) return error;
  return rememberFailedMethod(new ApiError(error.message, error.status, error.body ?? undefined), method);
}

export async function apiRequest<T>(path: string, { method = 'GET', query, body }: RequestOptions = {}): Promise<T> {
  try {
    const response = await request<T | null>(withQuery(path, query), { method, body });
    // No content (204, or an empty body) is undefined, as before.
    return (response.status === 204 || response.body === null ? undefined : response.body) as T;
  } catch (error) {
    throw asApiError(error, method);
  }
}

export const api = {
  get: <T>(path: string, query?: QueryParams) => apiRequest<T>(path, { query }),
  post: <T>(path: string, body?: unknown) => apiRequest<T>(path, { method: 'POST', body }),
  put: <T>(path: string, body?: unknown) => apiRequest<T>(path, { method: 'PUT', body }),
  del: <T>(path: string, body?: unknown) => apiRequest<T>(path, { method: 'DELETE', body }),
};

/** `GET {path}` as a blob; a JSON body (an error delivered as a file) is read and thrown. */
export async function apiDownload(path: string, query?: QueryParams): Promise<Blob> {
  try {
    return (await request<Blob>(withQuery(path, query), { responseType: 'blob' })).body;
  } catch (error) {
    throw asApiError(error, 'GET');
  }
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
