// Records of the journal calls (`api/productJournal/*`, docs/journals-api.md). Journal production
// itself (the workbench, product setup) arrives with the journal backend; these are the shapes the
// daily journal picker reads.

/** Journal status (production-admin.md §4): edit → submit → done → review → done. */
export type JournalStatus = 'edit' | 'submit' | 'done' | 'review';

export const JOURNAL_STATUSES: readonly JournalStatus[] = ['edit', 'submit', 'done', 'review'];

export interface JournalProductRef {
  id: number;
  name: string;
}

export interface JournalUserRef {
  id: number;
  username: string;
}

/** A row of `GET api/productJournal/dailyJournalList`. */
export interface JournalRow {
  id: number;
  product: JournalProductRef | null;
  /** 年度, e.g. 2026. */
  year: number;
  /** 期号 within the year. */
  journalNo: number;
  /** Responsible editors: user ids as a comma string (`"3,7"`), or null. */
  editorIds: string | null;
  status: JournalStatus;
  memo: string | null;
  /** `yyyy-MM-dd HH:mm:ss`. */
  createTime: string;
  /** `yyyy-MM-dd` (a day, no time). */
  planPublishTime: string | null;
  createBy: JournalUserRef | null;
  /**
   * Whether the caller may write this journal (an administrator, a chief editor of its product, or a
   * member of the product's unit; the server refuses the others with 403 没有权限操作该产品的期刊).
   * Absent (an older server): not known, the actions are offered and the server decides.
   */
  canEdit?: boolean;
}

/** The answer of the list calls: one page and the total over all pages. */
export interface JournalPage {
  content: JournalRow[];
  totalElements: number;
}

/** Query of `dailyJournalList`: days inclusive (`yyyy-MM-dd`, by createTime), `page` zero-based. */
export interface DailyJournalQuery {
  startDate: string;
  endDate: string;
  page: number;
  size: number;
}

/** A user of `GET api/users/selectUser`, used to show editor ids as names. */
export interface JournalEditor {
  id: number;
  username: string;
  nickName: string | null;
}

// --- the journal list and form (docs/production-api.md "Journals") ---------------------------

/** A stored file as a journal version carries it. */
export interface JournalFileRecord {
  id: number;
  realName: string;
}

/** A journal version (`GET api/productJournal/getFiles`, `files` of `info`). */
export interface JournalFile {
  id: number;
  version: number;
  title: string | null;
  file: JournalFileRecord | null;
  createTime: string;
  createBy?: unknown;
}

/** A row of `GET api/productJournal/list` (and `info`, which adds `files`). */
export interface Journal extends JournalRow {
  productId: number;
  /** 总期号 (continues across years), or null. */
  totalNo: number | null;
  /** Finalisation time (set by 完成), or null. */
  publishTime: string | null;
  files?: JournalFile[];
}

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
