// Calls of 新闻订阅 (backend/src/modules/interests, themes; docs/subscriptions.md).
import type { Page, Schema } from '../../../api';
import { requestJson } from '../../../providers/http';
import { toQueryString, type QueryParams } from '../../../resources/api';

export type Interest = Schema<'InterestDto'>;
export type InterestWebsite = Schema<'InterestWebsiteDto'>;
export type InterestClassifyNode = Schema<'InterestClassifyNodeDto'>;
export type Frequency = Interest['frequency'];

export interface Theme {
  id: number;
  title: string;
  keywords: string[];
}

/** A row of the theme preview (`api/news/list?type=theme`). */
export interface ThemeNewsRow {
  id: number;
  title: string;
  titleCn?: string | null;
  webName?: string | null;
  publishTime?: string | null;
}

const get = <T>(path: string, query?: QueryParams) => {
  const qs = toQueryString(query);
  return requestJson<T>(qs ? `${path}?${qs}` : path);
};

export const subscribeApi = {
  mine: () => get<Interest>('api/newsInterest/findByUserId'),
  websites: () => get<Page<InterestWebsite>>('api/newsInterest/interestList', { page: 0, size: 1000, sort: 'name,asc' }),
  classTree: () => get<InterestClassifyNode[]>('api/newsInterest/findClassifyTree'),
  themes: () => get<Theme[]>('api/newsTheme/findAll'),
  themeNews: (themeId: number) => get<Page<ThemeNewsRow>>('api/news/list', { type: 'theme', themeId, page: 0, size: 8, sort: 'dateDesc' }),
  /** Replaces the lists given (a list left out is kept); answers the subscription. */
  save: (lists: { websiteIds?: number[]; classifyIds?: number[]; themeIds?: number[] }) =>
    requestJson<Interest>('api/newsInterest', { method: 'POST', body: lists }),
  setFrequency: (frequency: Frequency) => get<{ frequency: Frequency }>('api/news/setFrequency', { frequency }),
};
