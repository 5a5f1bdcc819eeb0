// Calls of the manuscript screens and the submission dialog (contract: docs/production-api.md
// "Manuscripts", "Products"; users and departments: docs/admin-api.md).
import { requestJson } from '../../providers/http';
import { toQueryString, type QueryParams } from '../api';
import type {
  ColumnMap,
  DailyStatRow,
  DeptNode,
  ManyToManyAnswer,
  ManyToManyPayload,
  Manuscript,
  ManuscriptPage,
  ManuscriptQuery,
  OneToManyPayload,
  ProductChoice,
  SelectableUser,
} from './types';

const get = <T>(path: string, query?: QueryParams, signal?: AbortSignal) => {
  const qs = toQueryString(query);
  return requestJson<T>(qs ? `${path}?${qs}` : path, { signal });
};
const send = <T>(method: 'POST' | 'PUT' | 'DELETE', path: string, body: unknown) => requestJson<T>(path, { method, body });

/** `GET api/dept/lookup` answers a page (or, on older servers, a bare list). */
const rowsOf = <T>(answer: T[] | { content?: T[] } | null | undefined): T[] =>
  Array.isArray(answer) ? answer : Array.isArray(answer?.content) ? answer.content : [];

export const MANUSCRIPT_PATH = 'api/manuscript';

export const manuscriptsApi = {
  list: (query: ManuscriptQuery, signal?: AbortSignal) => get<ManuscriptPage>(MANUSCRIPT_PATH, query as unknown as QueryParams, signal),
  /** One manuscript with its `content`. */
  one: (id: number, signal?: AbortSignal) => get<Manuscript>(`${MANUSCRIPT_PATH}/${id}`, undefined, signal),
  updateColumn: (id: number, productList: number[]) => send<unknown>('PUT', `${MANUSCRIPT_PATH}/updateColumn`, { id, productList }),
  updateAbstracts: (id: number, abstracts: string) => send<unknown>('PUT', `${MANUSCRIPT_PATH}/updateAbstracts`, { id, abstracts }),
  remove: (ids: number[]) => send<unknown>('DELETE', MANUSCRIPT_PATH, ids),
  /** Manuscripts created on `date` (yyyy-MM-dd) per product and department. */
  calculate: (date: string, signal?: AbortSignal) => get<DailyStatRow[]>(`${MANUSCRIPT_PATH}/calculate`, { date }, signal),
  /** One reviewed news item → one manuscript in several columns of a product. */
  oneToMany: (payload: OneToManyPayload) => send<Manuscript>('POST', `${MANUSCRIPT_PATH}/oneToMany`, payload),
  /** Several reviewed items → one manuscript each, same columns and memo (all or nothing). */
  manyToMany: (payload: ManyToManyPayload) => send<ManyToManyAnswer>('POST', `${MANUSCRIPT_PATH}/manyToMany`, payload),

  products: (signal?: AbortSignal) => get<ProductChoice[]>('api/productSetting/all', undefined, signal),
  columnMap: (signal?: AbortSignal) => get<ColumnMap>('api/productColumn/getColumnMap', undefined, signal),
  users: (signal?: AbortSignal) => get<SelectableUser[]>('api/users/selectUser', undefined, signal),
  /** Children of a department (`pid` omitted: the roots). */
  depts: async (pid: number | null, signal?: AbortSignal) =>
    rowsOf(await get<DeptNode[] | { content?: DeptNode[] }>('api/dept/lookup', { pid: pid ?? undefined }, signal)),
};

/** Query keys (all start with `horizon`: react-admin's refresh invalidates them). */
export const manuscriptKeys = {
  all: ['horizon', 'manuscripts'] as const,
  lists: ['horizon', 'manuscripts', 'list'] as const,
  list: (query: ManuscriptQuery) => ['horizon', 'manuscripts', 'list', query] as const,
  one: (id: number) => ['horizon', 'manuscripts', 'one', id] as const,
  calculate: (date: string) => ['horizon', 'manuscripts', 'calculate', date] as const,
  products: ['horizon', 'products', 'all'] as const,
  columnMap: ['horizon', 'products', 'columnMap'] as const,
  /** Same key as the share dialog's and the journal dialog's user list: one cache. */
  users: ['horizon', 'users', 'selectUser'] as const,
  depts: (pid: number | null) => ['horizon', 'dept', 'children', pid] as const,
};
