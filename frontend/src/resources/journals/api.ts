// Calls of the journal screens (contract: docs/journals-api.md; backend module to come).
import { requestJson } from '../../providers/http';
import { toQueryString, type QueryParams } from '../api';
import type { DailyJournalQuery, JournalEditor, JournalPage } from './types';

/** Spec news-tracking §9: the daily journal dialog shows 15 journals a page. */
export const DAILY_JOURNAL_PAGE_SIZE = 15;

export const DAILY_JOURNAL_PATH = 'api/productJournal/dailyJournalList';

const get = <T>(path: string, query?: QueryParams, signal?: AbortSignal) => {
  const qs = toQueryString(query);
  return requestJson<T>(qs ? `${path}?${qs}` : path, { signal });
};

export const journalsApi = {
  /** Daily journals created between the two days (inclusive), newest first. */
  dailyList: (query: DailyJournalQuery, signal?: AbortSignal) =>
    get<JournalPage>(DAILY_JOURNAL_PATH, { startDate: query.startDate, endDate: query.endDate, page: query.page, size: query.size }, signal),
  /** Enabled users of every department (names of the editors). */
  users: (signal?: AbortSignal) => get<JournalEditor[]>('api/users/selectUser', undefined, signal),
};

/** Query keys (all start with `horizon`: react-admin's refresh invalidates them). */
export const journalKeys = {
  all: ['horizon', 'journals'] as const,
  daily: (query: DailyJournalQuery) => ['horizon', 'journals', 'daily', query] as const,
  /** Same key as the share dialog's user list: one cache for both. */
  users: ['horizon', 'users', 'selectUser'] as const,
};
