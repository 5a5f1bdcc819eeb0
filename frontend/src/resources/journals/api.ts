// Calls of the journal screens (contracts: docs/journals-api.md, docs/production-api.md "Journals").
import { requestJson } from '../../providers/http';
import { toQueryString, type QueryParams } from '../api';
import type {
  DailyJournalQuery,
  Journal,
  JournalEditor,
  JournalFile,
  JournalListQuery,
  JournalPage,
  JournalStatus,
  JournalWrite,
} from './types';

/** Spec news-tracking §9: the daily journal dialog shows 15 journals a page. */
export const DAILY_JOURNAL_PAGE_SIZE = 15;

export const DAILY_JOURNAL_PATH = 'api/productJournal/dailyJournalList';

export const JOURNAL_PATH = 'api/productJournal';

/** Spec §9: journals sort by `createTime,desc`. */
export const DEFAULT_JOURNAL_SORT = 'createTime,desc';

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
  /** One page of journals (filters product, year, status). */
  list: (query: JournalListQuery, signal?: AbortSignal) =>
    get<{ content: Journal[]; totalElements: number }>(
      `${JOURNAL_PATH}/list`,
      { productId: query.productId, year: query.year, status: query.status, page: query.page, size: query.size, sort: query.sort },
      signal,
    ),
  /** One journal with its version files. */
  info: (journalId: number, signal?: AbortSignal) => get<Journal>(`${JOURNAL_PATH}/info`, { journalId }, signal),
  /** The journal's version files, newest first. */
  files: (journalId: number, signal?: AbortSignal) => get<JournalFile[]>(`${JOURNAL_PATH}/getFiles`, { journalId }, signal),
  /** `"year,totalNo,journalNo"` of the product's next issue. */
  maxTotalNo: (productId: number, signal?: AbortSignal) => get<string>(`${JOURNAL_PATH}/getMaxTotalNo`, { productId }, signal),
  create: (body: JournalWrite) => requestJson<Journal>(JOURNAL_PATH, { method: 'POST', body }),
  update: (body: JournalWrite) => requestJson<void>(JOURNAL_PATH, { method: 'PUT', body }),
  remove: (ids: readonly number[]) => requestJson<void>(JOURNAL_PATH, { method: 'DELETE', body: [...ids] }),
  /** Moves the journal to `status` (the target state); 409 with the server's message when not allowed. */
  updateStatus: (journalId: number, status: JournalStatus) =>
    requestJson<Journal>(`${JOURNAL_PATH}/updateStatus`, { method: 'POST', body: { journalId, status } }),
};

/** Query keys (all start with `horizon`: react-admin's refresh invalidates them). */
export const journalKeys = {
  all: ['horizon', 'journals'] as const,
  daily: (query: DailyJournalQuery) => ['horizon', 'journals', 'daily', query] as const,
  lists: ['horizon', 'journals', 'list'] as const,
  list: (query: JournalListQuery) => ['horizon', 'journals', 'list', query] as const,
  files: (journalId: number) => ['horizon', 'journals', 'files', journalId] as const,
  /** Same key as the share dialog's user list: one cache for both. */
  users: ['horizon', 'users', 'selectUser'] as const,
};
