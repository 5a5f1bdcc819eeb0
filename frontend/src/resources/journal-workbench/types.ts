// Wire records of the journal workbench (docs/workbench-api.md): aliases of the generated wire types
// (`frontend/src/api/schema.d.ts`); two request bodies are written by hand where the generated input
// types are too loose to check (nullable texts as objects, references as `unknown`).
import type { Page, Schema } from '../../api';

export type IdName = Schema<'IdName'>;
export type UserRef = Schema<'UserRef'>;
export type StoredFile = Schema<'FileDto'>;

/** Journal status (spec production-admin §4). */
export type JournalStatus = Schema<'JournalDto'>['status'];

/** A journal version (`getFiles`, `files` of `info`, the answer of `uploadJournal`). */
export type JournalVersion = Schema<'JournalFileDto'>;

/** `{id, username, nickName}` of a reviewer. */
export type AuthorRef = Schema<'JournalManuscriptAuthorDto'>;

/** A journal manuscript: a copy of a pool manuscript placed in a journal's column (or uploaded straight into it). */
export type JournalManuscript = Schema<'JournalManuscriptDto'>;

/** A column of a journal with its copies in order. */
export type JournalColumn = Schema<'JournalColumnDto'>;

/** `GET api/productJournal/info`: the journal, its versions (newest first) and its columns. */
export type WorkbenchInfo = Schema<'JournalInfoDto'>;

/** A pool manuscript (`GET api/productManuscript/list`): the Manuscript of `api/manuscript` plus `inJournal`. */
export type PoolManuscript = Schema<'PoolManuscriptDto'>;

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
export type ManuscriptVersion = Schema<'JournalManuscriptVersionDto'>;

/** `POST api/productManuscript` (pick): copies in the given order at the end of the column. */
export type PickBody = Schema<'PickManuscriptsDto'>;

export type PickAnswer = Schema<'BatchResultDto'>;

/** `POST api/productManuscript/saveSort`: exactly the column's copies, in the new order. */
export type SortBody = Schema<'SaveSortDto'>;

/**
 * `PUT api/productManuscript` (the edit form) as this form sends it. Written by hand: the generated
 * `JournalManuscriptUpdateDto` types the nullable text fields as objects.
 */
export interface ManuscriptEdit {
  id: number;
  title: string;
  memo: string;
  firstAuthor: string;
  authorIds: string;
  abstractEdit: string;
}

/** A column of the provider counts (`GET api/productJournalProvide/list`): each unit's count, stored or by default. */
export type ProvideColumn = Schema<'ProvideColumnDto'>;

/** One unit's count in a column. */
export type ProvideRow = Schema<'ProvideCountDto'>;

/**
 * `POST api/productJournalProvide/saveAll` as this dialog sends it. Written by hand: the generated
 * `ProvideSaveAllDto` types the references as `unknown`.
 */
export interface ProvideSaveBody {
  journal: { id: number };
  list: Array<{ column: { id: number; name: string | null }; list: Array<{ dept: { id: number; name: string | null }; provideCount: number }> }>;
}

/** A product of the choice list (`isWeekly` decides the weekly-only controls). */
export type ProductChoice = Schema<'ProductOptionDto'>;

/** A user of `GET api/users/selectUser`. */
export type { SelectableUser } from '../shared/production/choices';

/** A dictionary entry (`GET api/dictDetail/map`). */
export type DictEntry = Pick<Schema<'DictDetailDto'>, 'label' | 'value'>;

export type DictMap = Record<string, DictEntry[]>;

// ---- online editing (docs/office-api.md, docs/office-design.md §4.9)

/** What an online editor edits: a journal's versions or a journal copy's. */
export type OfficeKind = 'journal' | 'copy';

/** `GET api/office/config`: the configured editor; `enabled` false hides 在线编辑. */
export type OfficeConfig = Schema<'OfficeConfigDto'>;

/** `GET api/office/versions`: what an editor recorded of each live version (`editor` null: uploaded or generated). */
export type OfficeVersionMeta = Schema<'OfficeVersionMetaDto'>;

/** A word run of a changed paragraph. */
export interface OfficeDiffPart {
  op: 'equal' | 'insert' | 'delete';
  text: string;
}

/** One entry of the paragraph diff: a paragraph, a changed one (word parts) or a run of equal ones left out. */
export type OfficeDiffParagraph =
  | { op: 'equal' | 'added' | 'removed'; text: string }
  | { op: 'changed'; parts: OfficeDiffPart[] }
  | { op: 'skipped'; count: number };

/**
 * `GET api/office/diff`: the text diff of two .docx versions. Written by hand on purpose: the
 * generated `OfficeDiffDto` has optional fields where this discriminated union says which `op`
 * carries `text`, `parts` or `count`, and the dialog relies on that narrowing.
 */
export interface OfficeDiff {
  from: number;
  to: number;
  paragraphs: OfficeDiffParagraph[];
  skipped: number;
  truncated: boolean;
  stats: { added: number; removed: number; changed: number };
  notes: { from: string | null; to: string | null };
}

/** Posted on `BroadcastChannel('horizon-office')` by the editor page when it closes. */
export interface OfficeClosedMessage {
  type: 'office-closed';
  kind: OfficeKind;
  id: number;
  journalId: number;
  savedVersion: number | null;
  /** Which editor closed; absent from an older editor page (then treated as a document server). */
  editor?: 'builtin' | 'onlyoffice' | 'wopi';
}
