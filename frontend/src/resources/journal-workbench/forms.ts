// The rules of the workbench forms (pure; spec production-admin §5): the edit form's required
// fields, the upload form's gate, and the provider counts.
import { parseEditorIds } from '../shared/editorIds';
import type { JournalManuscript, ManuscriptEdit, ProvideColumn, ProvideSaveBody } from './types';

// --- 编辑稿件 -------------------------------------------------------------------------------

export interface EditFormState {
  title: string;
  memo: string;
  firstAuthor: string;
  authorIds: number[];
  abstractOrigin: string;
  abstractEdit: string;
}

export type EditField = 'title' | 'firstAuthor' | 'authorIds';
export type EditErrorKey = 'edit.title_required' | 'edit.provider_required' | 'edit.reviewer_required';

export function editFormOf(row: JournalManuscript): EditFormState {
  return {
    title: row.title ?? '',
    memo: row.memo ?? '',
    firstAuthor: row.firstAuthor ?? '',
    authorIds: parseEditorIds(row.authorIds),
    abstractOrigin: row.abstractOrigin ?? '',
    abstractEdit: row.abstractEdit ?? '',
  };
}

/** 稿件标题为必填项, 供稿为必填项, 审稿为必填项 (by field). */
export function validateEdit(state: EditFormState): Partial<Record<EditField, EditErrorKey>> {
  const errors: Partial<Record<EditField, EditErrorKey>> = {};
  if (!state.title.trim()) errors.title = 'edit.title_required';
  if (!state.firstAuthor.trim()) errors.firstAuthor = 'edit.provider_required';
  if (state.authorIds.length === 0) errors.authorIds = 'edit.reviewer_required';
  return errors;
}

/** The body of `PUT api/productManuscript` (abstractOrigin is read-only and never sent). */
export function toEditBody(id: number, state: EditFormState): ManuscriptEdit {
  return {
    id,
    title: state.title.trim(),
    memo: state.memo.trim(),
    firstAuthor: state.firstAuthor.trim(),
    authorIds: state.authorIds.join(','),
    abstractEdit: state.abstractEdit,
  };
}

// --- 上传稿件 -------------------------------------------------------------------------------

export interface UploadFormState {
  title: string;
  firstAuthor: string;
  dept: { id: number; name?: string } | null;
  memo: string;
  /** 同时投稿到稿件库: `uploadManuAndManu` instead of `uploadManu`. */
  toPool: boolean;
}

/** Spec §2, §5: the upload area shows only once the title, the provider and the unit are set. */
export const uploadAreaShown = (state: Pick<UploadFormState, 'title' | 'firstAuthor' | 'dept'>): boolean =>
  Boolean(state.title.trim()) && Boolean(state.firstAuthor.trim()) && state.dept !== null;

/** The text fields of the multipart upload of a new copy. */
export function toUploadFields(journalId: number, columnId: number, state: UploadFormState): Record<string, string | number | undefined> {
  return {
    journalId,
    columnId,
    title: state.title.trim(),
    firstAuthor: state.firstAuthor.trim(),
    deptId: state.dept?.id,
    memo: state.memo.trim() || undefined,
  };
}

// --- 供稿统计 -------------------------------------------------------------------------------

/** A count as typed: a whole number ≥ 0 (spec §5: number input, minimum 0). */
export const isCount = (text: string): boolean => /^\d+$/.test(text.trim()) && Number(text) <= Number.MAX_SAFE_INTEGER;

/** The key of one cell (column × unit). */
export const cellKey = (columnId: number, deptId: number): string => `${columnId}:${deptId}`;

/** The typed counts, keyed by cell, from the server's list. */
export function countDrafts(list: readonly ProvideColumn[]): Record<string, string> {
  const drafts: Record<string, string> = {};
  for (const column of list) for (const row of column.list) drafts[cellKey(column.column.id, row.dept.id)] = String(row.provideCount);
  return drafts;
}

/** The cells whose text is not a count. */
export const invalidCells = (drafts: Record<string, string>): string[] => Object.keys(drafts).filter((key) => !isCount(drafts[key]));

/** The list of `saveAll` with the typed counts (call only when `invalidCells` is empty). */
export function withCounts(list: readonly ProvideColumn[], drafts: Record<string, string>): ProvideSaveBody['list'] {
  return list.map((column) => ({
    column: { id: column.column.id, name: column.column.name },
    list: column.list.map((row) => ({ dept: { id: row.dept.id, name: row.dept.name }, provideCount: Number(drafts[cellKey(column.column.id, row.dept.id)] ?? row.provideCount) })),
  }));
}
