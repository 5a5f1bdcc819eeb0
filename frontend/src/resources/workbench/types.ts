// Wire records of the journal workbench (docs/workbench-api.md). The generated wire types
// (`frontend/src/api/schema.d.ts`) do not hold the workbench DTOs yet: the new records are written
// here from the contract and become `Schema<'…'>` aliases once the server's OpenAPI document has them.
import type { Page, Schema } from '../../api';

export type IdName = Schema<'IdName'>;
export type UserRef = Schema<'UserRef'>;
export type StoredFile = Schema<'FileDto'>;

/** Journal status (spec production-admin §4). */
export type JournalStatus = Schema<'JournalDto'>['status'];

/** A journal version (`getFiles`, `files` of `info`, the answer of `uploadJournal`). */
export type JournalVersion = Schema<'JournalFileDto'>;

/** `{id, username, nickName}` of a reviewer. */
export interface AuthorRef {
  id: number;
  username?: string | null;
  nickName?: string | null;
}

/** A journal manuscript: a copy of a pool manuscript placed in a journal's column (or uploaded straight into it). */
export interface JournalManuscript {
  id: number;
  title: string;
  memo: string | null;
  /** `dynamic` (has HTML content) or `upload` (a Word file). */
  type: 'dynamic' | 'upload';
  contentType: string | null;
  domainType: string | null;
  country: string | null;
  abstractOrigin: string | null;
  abstractEdit: string | null;
  firstAuthor: string | null;
  /** Reviewer user ids, comma string. */
  authorIds: string | null;
  authors?: AuthorRef[] | null;
  /** The source unit (submitting department). */
  dept: IdName | null;
  productColumn: IdName | null;
  product: IdName | null;
  journal: { id: number } | null;
  /** The pool manuscript it was copied from; null for a direct upload. */
  sourceManu: { id: number; newsId: number | null } | null;
  isExamine: boolean;
  isCheck: boolean;
  sort: number;
  version: number;
  file: StoredFile | null;
  submitBy: UserRef | null;
  submitTime: string | null;
  createTime: string;
  updateTime?: string | null;
}

/** A column of a journal with its copies in order. */
export interface JournalColumn {
  id: number;
  name: string;
  sort: number;
  status?: boolean;
  manuList: JournalManuscript[];
}

/** `GET api/productJournal/info`: the journal, its versions (newest first) and its columns. */
export type WorkbenchInfo = Schema<'JournalDto'> & { files?: JournalVersion[]; columns: JournalColumn[] };

/** A pool manuscript (`GET api/productManuscript/list`): the Manuscript of `api/manuscript` plus `inJournal`. */
export type PoolManuscript = Schema<'ManuscriptDto'> & { inJournal?: boolean };

export type PoolPage = Page<PoolManuscript>;

export interface PoolQuery {
  productId: number;
  journalId: number;
  columnId: number;
  title?: string;
  page: number;
  size: number;
}

/** A version of a copy (`GET api/productManuscript/versions`). */
export interface ManuscriptVersion {
  id: number;
  version: number;
  title: string | null;
  file: StoredFile | null;
  createTime: string;
  createBy: UserRef | null;
}

/** `POST api/productManuscript` (pick): copies in the given order at the end of the column. */
export interface PickBody {
  journalId: number;
  columnId: number;
  manuIds: number[];
}

export interface PickAnswer {
  count: number;
  ids: number[];
}

/** `POST api/productManuscript/saveSort`: exactly the column's copies, in the new order. */
export interface SortBody {
  journalId: number;
  columnId: number;
  ids: number[];
}

/** `PUT api/productManuscript` (the edit form). */
export interface ManuscriptEdit {
  id: number;
  title: string;
  memo: string;
  firstAuthor: string;
  authorIds: string;
  abstractEdit: string;
}

/** One unit's count in a column (`api/productJournalProvide`). */
export interface ProvideRow {
  dept: IdName;
  provideCount: number;
}

export interface ProvideColumn {
  column: IdName;
  list: ProvideRow[];
}

/** `POST api/productJournalProvide/saveAll`. */
export interface ProvideSaveBody {
  journal: { id: number };
  list: ProvideColumn[];
}

/** A product of the choice list (`isWeekly` decides the weekly-only controls). */
export type ProductChoice = Schema<'ProductOptionDto'>;

/** A user of `GET api/users/selectUser`. */
export type { SelectableUser } from '../shared/production/choices';

/** A dictionary entry (`GET api/dictDetail/map`). */
export type DictEntry = Pick<Schema<'DictDetailDto'>, 'label' | 'value'>;

export type DictMap = Record<string, DictEntry[]>;
