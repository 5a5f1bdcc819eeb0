// List state of the collected-news list and the query of `GET api/newsCollect` (pure).

export const COLLECT_SORT_FIELDS = ['date', 'score', 'num', 'create'] as const;
export type CollectSortField = (typeof COLLECT_SORT_FIELDS)[number];
export type CollectSortDir = 'Asc' | 'Desc';
export type CollectSort = `${CollectSortField}${CollectSortDir}`;

export const COLLECT_PAGE_SIZES = [10, 20, 50] as const;
export const DEFAULT_COLLECT_SIZE = 20;
export const DEFAULT_COLLECT_SORT: CollectSort = 'dateDesc';

export interface CollectState {
  sort: CollectSort;
  /** Zero-based, as sent (shown one-based). */
  page: number;
  size: number;
  /** Title filter, trimmed; '' = none. */
  title: string;
}

export const DEFAULT_COLLECT_STATE: CollectState = { sort: DEFAULT_COLLECT_SORT, page: 0, size: DEFAULT_COLLECT_SIZE, title: '' };

export interface CollectQuery {
  sort: CollectSort;
  page: number;
  size: number;
  title?: string;
}

export function isCollectSort(value: unknown): value is CollectSort {
  return typeof value === 'string' && COLLECT_SORT_FIELDS.some((field) => value === `${field}Asc` || value === `${field}Desc`);
}

/** A state read from anywhere (route query, props) made valid: unknown values fall back to the defaults. */
export function normaliseCollectState(state: Partial<CollectState>): CollectState {
  const size = Number(state.size);
  const page = Number(state.page);
  return {
    sort: isCollectSort(state.sort) ? state.sort : DEFAULT_COLLECT_SORT,
    size: (COLLECT_PAGE_SIZES as readonly number[]).includes(size) ? size : DEFAULT_COLLECT_SIZE,
    page: Number.isInteger(page) && page >= 0 ? page : 0,
    title: typeof state.title === 'string' ? state.title.trim() : '',
  };
}

/** The query of `GET api/newsCollect`: title (only when set), sort, zero-based page, size. */
export function collectQuery(state: Partial<CollectState>): CollectQuery {
  const s = normaliseCollectState(state);
  const query: CollectQuery = { sort: s.sort, page: s.page, size: s.size };
  if (s.title) query.title = s.title;
  return query;
}

export const sortField = (sort: CollectSort): CollectSortField => sort.replace(/(Asc|Desc)$/, '') as CollectSortField;
export const sortDir = (sort: CollectSort): CollectSortDir => (sort.endsWith('Asc') ? 'Asc' : 'Desc');

/** A click on a sort field: the active one flips its direction, another one starts descending. */
export function nextSort(current: CollectSort, field: CollectSortField): CollectSort {
  if (sortField(current) !== field) return `${field}Desc`;
  return `${field}${sortDir(current) === 'Desc' ? 'Asc' : 'Desc'}`;
}

/** Changing the sort returns to page 1. */
export const withSort = (state: CollectState, sort: CollectSort): CollectState => ({ ...state, sort, page: 0 });
/** Changing the page size returns to page 1. */
export const withSize = (state: CollectState, size: number): CollectState => ({ ...state, size, page: 0 });
/** A new title filter reloads page 1. */
export const withTitle = (state: CollectState, title: string): CollectState => ({ ...state, title: title.trim(), page: 0 });
export const withPage = (state: CollectState, page: number): CollectState => ({ ...state, page: Math.max(0, Math.floor(page)) });

/** After un-collecting the only row of a later page, that page is gone: go back one. */
export function pageAfterRemoval(state: CollectState, rowsOnPage: number): number {
  return rowsOnPage <= 1 && state.page > 0 ? state.page - 1 : state.page;
}
