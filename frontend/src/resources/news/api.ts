// Calls of the news screens (paths: backend/src/modules/news, classify, collections, shares).
import type { Page, Schema } from '../../api';
import { requestJson } from '../../providers/http';
import { toQueryString, type QueryParams } from '../api';
import { fetchNewsInfo, newsInfoKey } from '../shared/newsInfo';
import type { NewsListQuery } from './listState';
import type { NewsInfo, NewsPage } from './types';

const get = <T>(path: string, query?: QueryParams, signal?: AbortSignal) => {
  const qs = toQueryString(query);
  return requestJson<T>(qs ? `${path}?${qs}` : path, { signal });
};
const post = <T>(path: string, body: unknown) => requestJson<T>(path, { method: 'POST', body });

/** A node of `GET api/NewsClassify/list` (root 全部 = 9999). */
export interface ClassifyNode {
  id: number;
  pid?: number | null;
  name: string;
  code?: string | null;
  label?: string;
  leaf?: boolean;
  children?: ClassifyNode[] | null;
}

export type SearchHistoryItem = Schema<'SearchHistoryDto'>;

export type ShareUser = Schema<'ShareUser'>;

/** A row of `GET api/newsSuggest`. */
export type ShareRow = Schema<'ShareDto'>;

export type SharePage = Page<ShareRow>;

export const newsApi = {
  list: (query: NewsListQuery, signal?: AbortSignal) => get<NewsPage>('api/news/list', query as unknown as QueryParams, signal),
  /** Marks the item read and counts the read. */
  info: (id: number, deptId?: number | null): Promise<NewsInfo> => fetchNewsInfo(id, deptId),
  classifyTree: () => get<ClassifyNode[]>('api/NewsClassify/list', { enabled: true }),

  track: (id: number, isRecommend: boolean) => post<unknown>('api/news/updateIsRecommend', { id, isRecommend }),
  warn: (id: number, yj: boolean) => post<unknown>('api/news/updateYjData', { id, yj }),
  choose: (id: number, isChoice: boolean) => post<unknown>('api/news/choose', { id, isChoice }),

  collect: (news: { id: number; title: string; titleCn: string | null }) =>
    post<unknown>('api/newsCollect', { newsId: news.id, newsTitle: news.title, newsTitleCn: news.titleCn }),
  uncollect: (newsId: number, userId?: number) =>
    requestJson<unknown>(`api/newsCollect/deleteByNewsIdAndUserId?${toQueryString({ newsId, userId })}`, { method: 'DELETE' }),

  searchHistory: () => get<SearchHistoryItem[]>('api/news/getSearchHistory'),
  saveSearchHistory: (content: string) => get<unknown>('api/news/saveSearchHistory', { content }),
  /** One entry, or all of the caller's without an id. */
  deleteSearchHistory: (id?: number) => get<unknown>('api/news/deleteSearchHistory', { id }),

  shares: (query: Record<string, string | number>, signal?: AbortSignal) => get<SharePage>('api/newsSuggest', query, signal),
  /** One share; 404 `该分享的新闻已被删除` when its news item is gone. */
  share: (id: number) => get<ShareRow>(`api/newsSuggest/${id}`),
};

/** Query keys of the news screens (all start with `horizon`: react-admin's refresh invalidates them). */
export const newsKeys = {
  all: ['horizon', 'news'] as const,
  lists: ['horizon', 'news', 'list'] as const,
  list: (query: NewsListQuery) => ['horizon', 'news', 'list', query] as const,
  /** Shared with the manuscripts' submission dialog (shared/newsInfo.ts): one cached answer. */
  info: newsInfoKey,
  classify: ['horizon', 'news', 'classify'] as const,
  history: ['horizon', 'news', 'searchHistory'] as const,
  shares: (query: Record<string, string | number>) => ['horizon', 'news', 'shares', query] as const,
};

/**
 * `/horizon/pro/news/detailFull2/12` (a new window needs the base path; router links do not); the
 * translation workbench with `trans`, opened ready to review (人工翻译 first) with `review`.
 */
export function detailHref(id: number, { trans = false, review = false }: { trans?: boolean; review?: boolean } = {}): string {
  const base = (import.meta.env.BASE_URL ?? '/').replace(/\/?$/, '/');
  if (review) return `${base}pro/news/detailFull/${id}?trans=true&review=true`;
  return trans ? `${base}pro/news/detailFull/${id}?trans=true` : `${base}pro/news/detailFull2/${id}`;
}

/** Opens a detail page in a new window (the spec's "enter details"). */
export function openDetail(id: number, options?: { trans?: boolean; review?: boolean }): void {
  window.open(detailHref(id, options), '_blank', 'noopener');
}
