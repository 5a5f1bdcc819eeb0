// Pure mapping between react-admin list parameters and the eladmin-style list contract
// (`page` zero-based, `size`, `sort=field,dir`, filters as plain keys; arrays repeat the key).
import { formatDateTime } from '../utils/dates';

export interface ListQueryInput {
  pagination?: { page: number; perPage: number };
  sort?: { field: string; order: string };
  filter?: Record<string, unknown>;
}

export interface PageBody<T> {
  content?: T[];
  totalElements?: number;
}

/** react-admin's full-text search filter is `q`; the API calls it `blurry`. */
const FILTER_ALIASES: Record<string, string> = { q: 'blurry' };

function isEmpty(value: unknown): boolean {
  return value === undefined || value === null || value === '' || (Array.isArray(value) && value.length === 0);
}

function toParam(value: unknown): string | undefined {
  if (isEmpty(value)) return undefined;
  if (value instanceof Date) return formatDateTime(value);
  if (typeof value === 'object') {
    // A relation stub such as `{id: 3}` filters by its id.
    const id = (value as { id?: unknown }).id;
    return id === undefined || id === null ? undefined : String(id);
  }
  return String(value);
}

/** Filters as ordered key/value pairs: empty values dropped, arrays repeating their key. */
export function filterParams(filter: Record<string, unknown> = {}): [string, string][] {
  const pairs: [string, string][] = [];
  for (const [rawKey, value] of Object.entries(filter)) {
    const key = FILTER_ALIASES[rawKey] ?? rawKey;
    const values = Array.isArray(value) ? value : [value];
    for (const item of values) {
      const param = toParam(item);
      if (param !== undefined) pairs.push([key, param]);
    }
  }
  return pairs;
}

/** `{pagination:{page:2, perPage:20}, sort:{field:'id', order:'DESC'}}` → `page=1&size=20&sort=id,desc`. */
export function buildListQuery({ pagination, sort, filter }: ListQueryInput): string {
  const params = new URLSearchParams();
  if (pagination) {
    params.append('page', String(Math.max(0, pagination.page - 1)));
    params.append('size', String(pagination.perPage));
  }
  if (sort?.field) {
    params.append('sort', `${sort.field},${sort.order.toLowerCase() === 'asc' ? 'asc' : 'desc'}`);
  }
  for (const [key, value] of filterParams(filter)) params.append(key, value);
  // Commas are legal in a query string; keeping them makes `sort=id,desc` readable in logs.
  return params.toString().replace(/%2C/gi, ',');
}

/** Appends a query string to a path (`api/users` + `a=1` → `api/users?a=1`). */
export function withQuery(path: string, query: string): string {
  if (!query) return path;
  return `${path}${path.includes('?') ? '&' : '?'}${query}`;
}

/** `{content, totalElements}` (or a plain array, as tree endpoints answer) → react-admin's `{data, total}`. */
export function toListResult<T>(body: PageBody<T> | T[] | null): { data: T[]; total: number } {
  if (Array.isArray(body)) return { data: body, total: body.length };
  const data = body?.content ?? [];
  return { data, total: body?.totalElements ?? data.length };
}
