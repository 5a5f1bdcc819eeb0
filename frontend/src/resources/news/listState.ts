// Route query ↔ list state of the news lists (pure; see listState.test.ts).
//
// The route query is the one source of truth for the list on screen, so a reload or back/forward
// lands on the same tab, page, size, sort, classification and search:
//
//   /pro/news?curMenu=follow&page=3&size=50&sort=numDesc&classify=12&content=能源
//   /pro/news?curMenu=share&shareType=to&page=2&size=30
//
// `curMenu` names the list: on the news index the tab (all, hot, recommend, interest, follow,
// choice, collect, share); in the personal centre its menus (myFollow, trans, achieve, …). `page` is
// shown one-based in the route and sent zero-based to the API (spec §9).

/** Tabs of the news index, in their order on screen. */
export const NEWS_TABS = ['all', 'hot', 'recommend', 'interest', 'follow', 'choice', 'collect', 'share'] as const;
export type NewsTab = (typeof NEWS_TABS)[number];
export const DEFAULT_TAB: NewsTab = 'all';

/** Tabs whose rows come from `GET api/news/list` (the others have their own lists). */
export const NEWS_LIST_TABS = ['all', 'hot', 'recommend', 'interest', 'follow', 'choice'] as const;
export type NewsListTab = (typeof NEWS_LIST_TABS)[number];

/** `type` of `GET api/news/list` per tab (docs/news-design.md "Tabs of the news index"). */
export const TAB_TYPE: Record<NewsListTab, string | undefined> = {
  all: undefined,
  hot: 'hot',
  recommend: 'recommend',
  interest: 'interest',
  follow: 'follow',
  choice: 'choice',
};

/** Sub-tabs of 分享: my shares (`fromId` = me) and shared to me (`toId` = me). */
export const SHARE_TYPES = ['from', 'to'] as const;
export type ShareType = (typeof SHARE_TYPES)[number];

/** Sort fields of the list bar, in their order on screen; each has an ascending and a descending value. */
export const SORT_FIELDS = ['date', 'score', 'num', 'create', 'update'] as const;
export type SortField = (typeof SORT_FIELDS)[number];
export type SortDir = 'Asc' | 'Desc';
export type NewsSort = `${SortField}${SortDir}`;

/** Update-time sorting is offered only in these lists (spec §2 "News list"). */
export const UPDATE_SORT_MENUS = ['myFollow', 'trans', 'follow', 'achieve'] as const;

export const NEWS_PAGE_SIZES = [10, 20, 50] as const;
export const NEWS_PAGE_SIZE = 20;
export const SHARE_PAGE_SIZES = [15, 30, 50, 100] as const;
export const SHARE_PAGE_SIZE = 15;

/** Root of the classification tree: "全部", no filter. */
export const CLASSIFY_ROOT = 9999;

export interface ListState {
  /** The list: a tab of the index or a personal-centre menu. */
  curMenu: string;
  /** One-based, as shown. */
  page: number;
  size: number;
  sort: NewsSort;
  /** Classification filter; null = 全部. */
  classify: number | null;
  /** Search text (`content`); for 收藏 and 分享 their own title filter. */
  content: string;
  /** Only meaningful when curMenu is 'share'. */
  shareType: ShareType;
  /** 合并同一事件: only the lead of each story cluster (`collapse=1`); news tabs only. */
  collapse: boolean;
}

/** What a route query looks like to these functions (URLSearchParams or a plain record). */
export type QueryInput = URLSearchParams | Record<string, string | string[] | null | undefined>;

function read(query: QueryInput, key: string): string | undefined {
  if (query instanceof URLSearchParams) return query.get(key) ?? undefined;
  const value = query[key];
  const first = Array.isArray(value) ? value[0] : value;
  return first ?? undefined;
}

export const isNewsTab = (value: unknown): value is NewsTab => (NEWS_TABS as readonly unknown[]).includes(value);
export const isNewsListTab = (value: unknown): value is NewsListTab => (NEWS_LIST_TABS as readonly unknown[]).includes(value);
export const isShareMenu = (curMenu: string): boolean => curMenu === 'share';
/** The classification and the search are shared by the news tabs (not by 收藏 and 分享, which have their own). */
export const usesNewsFilters = (curMenu: string): boolean => curMenu !== 'share' && curMenu !== 'collect';

export function sortFieldOf(sort: NewsSort): SortField {
  return sort.replace(/(Asc|Desc)$/, '') as SortField;
}

export function sortDirOf(sort: NewsSort): SortDir {
  return sort.endsWith('Asc') ? 'Asc' : 'Desc';
}

export function isNewsSort(value: unknown): value is NewsSort {
  return typeof value === 'string' && SORT_FIELDS.some((f) => value === `${f}Asc` || value === `${f}Desc`);
}

/** Whether the list may sort by update time (`updateAsc/updateDesc`). */
export function allowsUpdateSort(curMenu: string): boolean {
  return (UPDATE_SORT_MENUS as readonly string[]).includes(curMenu);
}

/** The sort fields offered on a list. Relevance is listed always; it needs a search to take effect. */
export function sortFieldsFor(curMenu: string): SortField[] {
  return SORT_FIELDS.filter((f) => f !== 'update' || allowsUpdateSort(curMenu));
}

/**
 * The server's default per list: 跟踪 (and the personal centre's 我的关注, the same list) newest
 * update first, 热点 most read first, the rest newest first.
 */
export function defaultSort(curMenu: string): NewsSort {
  if (curMenu === 'follow' || curMenu === 'myFollow') return 'updateDesc';
  if (curMenu === 'hot') return 'numDesc';
  return 'dateDesc';
}

/**
 * A sort the list may use: unknown values, update time outside the allowed menus, and relevance
 * without a search fall back to the list's default.
 */
export function normalizeSort(value: unknown, curMenu: string, content: string): NewsSort {
  const fallback = defaultSort(curMenu);
  if (!isNewsSort(value)) return fallback;
  const field = sortFieldOf(value);
  if (field === 'update' && !allowsUpdateSort(curMenu)) return fallback;
  if (field === 'score' && !content.trim()) return fallback;
  return value;
}

export function pageSizesFor(curMenu: string): readonly number[] {
  return isShareMenu(curMenu) ? SHARE_PAGE_SIZES : NEWS_PAGE_SIZES;
}

export function defaultPageSize(curMenu: string): number {
  return isShareMenu(curMenu) ? SHARE_PAGE_SIZE : NEWS_PAGE_SIZE;
}

const POSITIVE_INT = /^[1-9]\d{0,8}$/;

function positiveInt(value: string | undefined): number | undefined {
  return value !== undefined && POSITIVE_INT.test(value.trim()) ? Number(value.trim()) : undefined;
}

/** Search text kept by the route: trimmed, at most 200 characters (the server's limit). */
export const MAX_CONTENT = 200;

export function cleanContent(value: unknown): string {
  return typeof value === 'string' ? value.trim().slice(0, MAX_CONTENT) : '';
}

/**
 * The lists that offer 合并同一事件: the tabs over all news (全部, 热点, 兴趣). The department tabs
 * (推荐, 跟踪, 精选) read the department's rows item by item and are not collapsed by the server
 * (docs/collect-api.md "News list additions").
 */
export const COLLAPSE_TABS: readonly string[] = ['all', 'hot', 'interest'];
export const allowsCollapse = (curMenu: string): boolean => COLLAPSE_TABS.includes(curMenu);

/** Where the 合并同一事件 choice is remembered between visits (a route without `collapse` uses it). */
export const COLLAPSE_KEY = 'horizon.news.collapse';

/** The remembered 合并同一事件 choice (false when storage is unavailable). */
export function storedCollapse(): boolean {
  try {
    return typeof localStorage !== 'undefined' && localStorage.getItem(COLLAPSE_KEY) === '1';
  } catch {
    return false;
  }
}

/** Remembers the 合并同一事件 choice. */
export function rememberCollapse(collapse: boolean): void {
  try {
    if (collapse) localStorage.setItem(COLLAPSE_KEY, '1');
    else localStorage.removeItem(COLLAPSE_KEY);
  } catch {
    // storage unavailable (private mode): the route still carries the choice
  }
}

/** The default state of a list. */
export function defaultListState(curMenu: string = DEFAULT_TAB): ListState {
  return {
    curMenu,
    page: 1,
    size: defaultPageSize(curMenu),
    sort: defaultSort(curMenu),
    classify: null,
    content: '',
    shareType: 'from',
    collapse: allowsCollapse(curMenu) && storedCollapse(),
  };
}

/**
 * Route query → list state. Every value is validated on its own and falls back to its default:
 * `curMenu` outside `menus` → `fallbackMenu`; page not a positive integer → 1; size not offered by
 * the list → its default; sort per `normalizeSort`; classify not a positive id (or the root) → none.
 */
export function parseListState(
  query: QueryInput,
  { menus = NEWS_TABS as readonly string[], fallbackMenu = DEFAULT_TAB as string }: { menus?: readonly string[]; fallbackMenu?: string } = {},
): ListState {
  const rawMenu = read(query, 'curMenu');
  const curMenu = rawMenu !== undefined && menus.includes(rawMenu) ? rawMenu : fallbackMenu;
  const content = cleanContent(read(query, 'content'));
  const size = positiveInt(read(query, 'size'));
  const classify = usesNewsFilters(curMenu) ? positiveInt(read(query, 'classify')) : undefined;
  const shareType = read(query, 'shareType');
  const collapse = read(query, 'collapse');
  return {
    curMenu,
    page: positiveInt(read(query, 'page')) ?? 1,
    size: size !== undefined && pageSizesFor(curMenu).includes(size) ? size : defaultPageSize(curMenu),
    sort: normalizeSort(read(query, 'sort'), curMenu, content),
    classify: classify === undefined || classify === CLASSIFY_ROOT ? null : classify,
    content,
    shareType: (SHARE_TYPES as readonly string[]).includes(shareType ?? '') ? (shareType as ShareType) : 'from',
    collapse: allowsCollapse(curMenu) && (collapse === undefined ? storedCollapse() : collapse === '1'),
  };
}

/**
 * List state → route query. `curMenu`, `page` and `size` are always written (the spec keeps them in
 * the route); sort, classify, search and the share sub-tab only when they differ from the default.
 */
export function toRouteQuery(state: ListState): Record<string, string> {
  const query: Record<string, string> = {
    curMenu: state.curMenu,
    page: String(state.page),
    size: String(state.size),
  };
  if (state.sort !== defaultSort(state.curMenu)) query.sort = state.sort;
  if (usesNewsFilters(state.curMenu) && state.classify !== null && state.classify !== CLASSIFY_ROOT) query.classify = String(state.classify);
  if (state.content) query.content = state.content;
  if (isShareMenu(state.curMenu) && state.shareType !== 'from') query.shareType = state.shareType;
  if (allowsCollapse(state.curMenu) && state.collapse) query.collapse = '1';
  return query;
}

/** `?curMenu=…&page=…` (URLSearchParams encoding). */
export function toSearchString(state: ListState): string {
  return `?${new URLSearchParams(toRouteQuery(state)).toString()}`;
}

/** Two states describe the same list page. */
export function sameListState(a: ListState, b: ListState): boolean {
  return toSearchString(a) === toSearchString(b);
}

/** The `GET api/news/list` query of a news tab (page zero-based). */
export interface NewsListQuery {
  page: number;
  size: number;
  sort: NewsSort;
  type?: string;
  classify?: number;
  content?: string;
  deptId?: number;
  /** 1: story-cluster leads only (合并同一事件). */
  collapse?: 1;
}

export function toNewsListQuery(state: ListState, extra: { deptId?: number | null; type?: string } = {}): NewsListQuery {
  const query: NewsListQuery = { page: state.page - 1, size: state.size, sort: state.sort };
  const type = extra.type ?? (isNewsListTab(state.curMenu) ? TAB_TYPE[state.curMenu] : undefined);
  if (type) query.type = type;
  if (state.classify !== null && state.classify !== CLASSIFY_ROOT) query.classify = state.classify;
  if (state.content) query.content = state.content;
  if (extra.deptId !== undefined && extra.deptId !== null) query.deptId = extra.deptId;
  if (state.collapse && allowsCollapse(state.curMenu)) query.collapse = 1;
  return query;
}

/** `GET api/newsSuggest` query of a share sub-tab. */
export function toShareQuery(state: ListState, userId: number): Record<string, string | number> {
  const query: Record<string, string | number> = { page: state.page - 1, size: state.size };
  if (state.shareType === 'from') query.fromId = userId;
  else query.toId = userId;
  if (state.content) query.title = state.content;
  return query;
}

// ---- transitions (what each control does to the state) ----

/** A new sort starts again at page 1. */
export function withSort(state: ListState, sort: NewsSort): ListState {
  return { ...state, sort: normalizeSort(sort, state.curMenu, state.content), page: 1 };
}

/** A new page size starts again at page 1. */
export function withSize(state: ListState, size: number): ListState {
  return pageSizesFor(state.curMenu).includes(size) ? { ...state, size, page: 1 } : state;
}

export function withPage(state: ListState, page: number, pageCount?: number): ListState {
  const max = pageCount && pageCount > 0 ? pageCount : Number.MAX_SAFE_INTEGER;
  const next = Math.min(Math.max(1, Math.floor(page) || 1), max);
  return { ...state, page: next };
}

/** A search (or clearing it) starts again at page 1; relevance falls back when the search is cleared. */
export function withContent(state: ListState, content: string): ListState {
  const clean = cleanContent(content);
  return { ...state, content: clean, page: 1, sort: normalizeSort(state.sort, state.curMenu, clean) };
}

/** A classification (or 全部 / null) starts again at page 1. */
export function withClassify(state: ListState, classify: number | null): ListState {
  const value = classify === null || classify === CLASSIFY_ROOT ? null : classify;
  return { ...state, classify: value, page: 1 };
}

export function withShareType(state: ListState, shareType: ShareType): ListState {
  return { ...state, shareType, page: 1 };
}

/** 合并同一事件 on or off starts again at page 1 (the pages differ). */
export function withCollapse(state: ListState, collapse: boolean): ListState {
  return allowsCollapse(state.curMenu) ? { ...state, collapse, page: 1 } : state;
}

export interface NewsFilters {
  classify: number | null;
  content: string;
}

/**
 * Switching to another list: that list's remembered page/size/sort (or its defaults) with the
 * current news filters; when the filters changed since the list was last shown it starts at page 1.
 */
export function switchMenu(curMenu: string, remembered: ListState | undefined, filters: NewsFilters): ListState {
  const known = remembered && remembered.curMenu === curMenu ? remembered : defaultListState(curMenu);
  // 合并同一事件 is one choice for every tab (the remembered one)
  const base = allowsCollapse(curMenu) ? { ...known, collapse: storedCollapse() } : known;
  if (!usesNewsFilters(curMenu)) return base;
  const changed = base.classify !== filters.classify || base.content !== filters.content;
  const next: ListState = { ...base, classify: filters.classify, content: filters.content, page: changed ? 1 : base.page };
  return { ...next, sort: normalizeSort(next.sort, curMenu, next.content) };
}

export { pageCountOf } from '../shared/pager/pageCount';
