// Records of the journal calls (`api/productJournal/*`, docs/journals-api.md). Journal production
// itself (the workbench, product setup) arrives with the journal backend; these are the shapes the
// daily journal picker reads.
import type { Page, Schema } from '../../api';

/** Journal status (production-admin.md §4): edit → submit → done → review → done. */
export type JournalStatus = Schema<'JournalDto'>['status'];

export const JOURNAL_STATUSES: readonly JournalStatus[] = ['edit', 'submit', 'done', 'review'];

export type JournalProductRef = Schema<'ProductRef'>;

export type JournalUserRef = Schema<'UserRef'>;

/** A row of `GET api/productJournal/dailyJournalList`. */
export type JournalRow = Schema<'JournalDto'>;

/** The answer of the list calls: one page and the total over all pages. */
export type JournalPage = Page<Journal>;

/** Query of `dailyJournalList`: days inclusive (`yyyy-MM-dd`, by createTime), `page` zero-based. */
export interface DailyJournalQuery {
  startDate: string;
  endDate: string;
  page: number;
  size: number;
}

/** A user of `GET api/users/selectUser`, used to show editor ids as names. */
export type JournalEditor = Omit<Schema<'UserOptionDto'>, 'nickName' | 'dept'> & { nickName: string | null };

// --- the journal list and form (docs/production-api.md "Journals") ---------------------------

/** A stored file as a journal version carries it. */
export type JournalFileRecord = Schema<'FileDto'>;

/** A journal version (`GET api/productJournal/getFiles`, `files` of `info`). */
export type JournalFile = Schema<'JournalFileDto'>;

/** A row of `GET api/productJournal/list` (and `info`, which adds `files`). */
export type Journal = Schema<'JournalDto'>;

/** The body of `POST` / `PUT api/productJournal`. */
export interface JournalWrite {
  id?: number;
  productId: number;
  year: number;
  journalNo: number;
  totalNo: number | null;
  editorIds: string | null;
  memo: string | null;
  /** `yyyy-MM-dd`. */
  planPublishTime: string;
}

/** Query of the journal list; empty filters are not sent, `page` zero-based. */
export interface JournalListQuery {
  productId: number | null;
  year: number | null;
  status: JournalStatus | null;
  page: number;
  size: number;
  sort: string;
}

/** The next issue of a product (`getMaxTotalNo` answers `"year,totalNo,journalNo"`). */
export interface NextIssue {
  year: number;
  totalNo: number;
  journalNo: number;
}
