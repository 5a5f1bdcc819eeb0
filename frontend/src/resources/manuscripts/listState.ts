// Route query ↔ state of the manuscript list (pure; listState.test.ts). The route holds the tab,
// the one-based page, the size and the filters, so a reload or back/forward lands on the same list:
//
//   /productProcess-manu?tab=all&page=2&size=50&title=能源&productId=3&start=2026-11-01&end=2026-11-30&deptId=7
import { toDateRange } from '../shared/text';
import { MANUSCRIPT_TABS, type ManuscriptQuery, type ManuscriptTab } from './types';

/** Spec production-admin §9. */
export const MANUSCRIPT_PAGE_SIZES = [20, 30, 50, 100, 500, 1000] as const;
export const MANUSCRIPT_PAGE_SIZE = 20;
/** Spec §9: manuscripts are listed newest first. */
export const MANUSCRIPT_SORT = 'createTime,desc';

export interface ManuscriptFilters {
  title: string;
  abstracts: string;
  productId: number | null;
  /** Days `yyyy-MM-dd` (empty: open). */
  start: string;
  end: string;
}

export interface ManuscriptListState extends ManuscriptFilters {
  tab: ManuscriptTab;
  /** One-based, as shown. */
  page: number;
  size: number;
  /** Unit tree filter (全部 tab only). */
  deptId: number | null;
}

export const EMPTY_FILTERS: ManuscriptFilters = { title: '', abstracts: '', productId: null, start: '', end: '' };

export const defaultListState = (tab: ManuscriptTab = 'my'): ManuscriptListState => ({
  tab,
  page: 1,
  size: MANUSCRIPT_PAGE_SIZE,
  deptId: null,
  ...EMPTY_FILTERS,
});

const DAY = /^\d{4}-\d{2}-\d{2}$/;

const positiveInt = (value: string | null): number | null => {
  if (value === null || !/^\d+$/.test(value)) return null;
  const n = Number(value);
  return n > 0 && Number.isSafeInteger(n) ? n : null;
};

/**
 * The state of a route query. A tab the user may not see (全部 without the right) or an unknown
 * one falls back to the first allowed tab; unknown sizes to 20; bad pages to 1.
 */
export function fromSearch(search: URLSearchParams, allowed: readonly ManuscriptTab[]): ManuscriptListState {
  const rawTab = search.get('tab');
  const tab = (MANUSCRIPT_TABS as readonly string[]).includes(rawTab ?? '') && allowed.includes(rawTab as ManuscriptTab) ? (rawTab as ManuscriptTab) : (allowed[0] ?? 'my');
  const size = positiveInt(search.get('size'));
  const day = (key: string) => {
    const value = search.get(key) ?? '';
    return DAY.test(value) ? value : '';
  };
  return {
    tab,
    page: positiveInt(search.get('page')) ?? 1,
    size: size !== null && (MANUSCRIPT_PAGE_SIZES as readonly number[]).includes(size) ? size : MANUSCRIPT_PAGE_SIZE,
    title: search.get('title') ?? '',
    abstracts: search.get('abstracts') ?? '',
    productId: positiveInt(search.get('productId')),
    start: day('start'),
    end: day('end'),
    deptId: tab === 'all' ? positiveInt(search.get('deptId')) : null,
  };
}

/** The route query of a state; defaults are left out. */
export function toSearch(state: ManuscriptListState): URLSearchParams {
  const out = new URLSearchParams();
  out.set('tab', state.tab);
  if (state.page !== 1) out.set('page', String(state.page));
  if (state.size !== MANUSCRIPT_PAGE_SIZE) out.set('size', String(state.size));
  if (state.title.trim()) out.set('title', state.title.trim());
  if (state.abstracts.trim()) out.set('abstracts', state.abstracts.trim());
  if (state.productId !== null) out.set('productId', String(state.productId));
  if (state.start) out.set('start', state.start);
  if (state.end) out.set('end', state.end);
  if (state.tab === 'all' && state.deptId !== null) out.set('deptId', String(state.deptId));
  return out;
}

/** `GET api/manuscript` query: page zero-based, sort createTime desc, empty filters left out. */
export function toWireQuery(state: ManuscriptListState): ManuscriptQuery {
  const query: ManuscriptQuery = { tab: state.tab, page: state.page - 1, size: state.size, sort: MANUSCRIPT_SORT };
  if (state.title.trim()) query.title = state.title.trim();
  if (state.abstracts.trim()) query.abstracts = state.abstracts.trim();
  if (state.productId !== null) query.productId = state.productId;
  if (state.tab === 'all' && state.deptId !== null) query.deptId = state.deptId;
  const range = toDateRange(state.start, state.end);
  if (range) query.createTime = range;
  return query;
}

export const hasFilters = (state: ManuscriptFilters): boolean =>
  !!(state.title.trim() || state.abstracts.trim() || state.productId !== null || (state.start && state.end));

/** Another tab: first page, filters kept, unit filter dropped. */
export const withTab = (state: ManuscriptListState, tab: ManuscriptTab): ManuscriptListState => ({ ...state, tab, page: 1, deptId: null });
export const withPage = (state: ManuscriptListState, page: number): ManuscriptListState => ({ ...state, page: Math.max(1, page) });
export const withSize = (state: ManuscriptListState, size: number): ManuscriptListState => ({ ...state, size, page: 1 });
export const withFilters = (state: ManuscriptListState, filters: ManuscriptFilters): ManuscriptListState => ({ ...state, ...filters, page: 1 });
export const withDept = (state: ManuscriptListState, deptId: number | null): ManuscriptListState => ({ ...state, deptId, page: 1 });
