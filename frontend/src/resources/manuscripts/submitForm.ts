// The submission form of the news list (spec news-tracking §2, §5; production-admin §5) as pure
// functions: product, column rows (disabled until a product is chosen; rows added and removed, the
// first row fixed), supplier, reviewers, abstract (single only), memo; validation and payloads.
import type { ManyToManyPayload, OneToManyPayload } from './types';
import type { ManuscriptKey } from './useManuscriptText';

export interface ColumnRow {
  /** Stable React key of the row. */
  key: number;
  columnId: number | null;
}

export interface SubmitFormState {
  productId: number | null;
  rows: ColumnRow[];
  /** 供稿 */
  firstAuthor: string;
  /** 审稿: user ids. */
  authorIds: number[];
  /** 摘要 (single submission only). */
  abstracts: string;
  memo: string;
}

export type SubmitMode = 'single' | 'batch';

/** Field limits of the manuscript table (backend manuscript.entity.ts). */
export const FIRST_AUTHOR_MAX = 100;
export const MEMO_MAX = 1000;

let nextKey = 1;
const newRow = (columnId: number | null = null): ColumnRow => ({ key: nextKey++, columnId });

export function initialSubmitForm(defaults: Partial<Pick<SubmitFormState, 'firstAuthor' | 'authorIds' | 'abstracts' | 'memo' | 'productId'>> = {}): SubmitFormState {
  return {
    productId: defaults.productId ?? null,
    rows: [newRow()],
    firstAuthor: defaults.firstAuthor ?? '',
    authorIds: defaults.authorIds ?? [],
    abstracts: defaults.abstracts ?? '',
    memo: defaults.memo ?? '',
  };
}

/** Rows of existing columns (editing a manuscript's columns); one empty row when there are none. */
export function rowsOf(columnIds: readonly number[]): ColumnRow[] {
  return columnIds.length ? columnIds.map((id) => newRow(id)) : [newRow()];
}

/** The column selects are disabled until a product is chosen. */
export const columnsDisabled = (state: Pick<SubmitFormState, 'productId'>): boolean => state.productId === null;

/** Another product: its columns differ, so the rows start again with one empty row. */
export function setProduct<S extends Pick<SubmitFormState, 'productId' | 'rows'>>(state: S, productId: number | null): S {
  if (productId === state.productId) return state;
  return { ...state, productId, rows: [newRow()] };
}

export function addRow<S extends Pick<SubmitFormState, 'rows'>>(state: S): S {
  return { ...state, rows: [...state.rows, newRow()] };
}

/** The first row cannot be removed (spec §5). */
export const canRemoveRow = (index: number): boolean => index > 0;

export function removeRow<S extends Pick<SubmitFormState, 'rows'>>(state: S, key: number): S {
  const index = state.rows.findIndex((row) => row.key === key);
  if (!canRemoveRow(index)) return state;
  return { ...state, rows: state.rows.filter((row) => row.key !== key) };
}

export function setRowColumn<S extends Pick<SubmitFormState, 'rows'>>(state: S, key: number, columnId: number | null): S {
  return { ...state, rows: state.rows.map((row) => (row.key === key ? { ...row, columnId } : row)) };
}

/** The chosen column ids in row order, each once. */
export function chosenColumns(rows: readonly ColumnRow[]): number[] {
  const out: number[] = [];
  for (const row of rows) if (row.columnId !== null && !out.includes(row.columnId)) out.push(row.columnId);
  return out;
}

/** Columns a row may still pick: its own and those no other row has. */
export function availableFor<C extends { id: number }>(columns: readonly C[], rows: readonly ColumnRow[], key: number): C[] {
  const taken = new Set(rows.filter((row) => row.key !== key && row.columnId !== null).map((row) => row.columnId));
  return columns.filter((column) => !taken.has(column.id));
}

/** A new row makes sense only while some column is still free. */
export const canAddRow = (columnCount: number, rows: readonly ColumnRow[]): boolean => rows.length < columnCount;

export type SubmitField = 'productId' | 'firstAuthor' | 'authorIds' | 'abstracts' | 'memo';

export interface SubmitProblems {
  /** Messages under the fields. */
  errors: Partial<Record<SubmitField, ManuscriptKey>>;
  /** No column chosen: a warning notice (请选择投稿栏目), as in the original. */
  warning: ManuscriptKey | null;
}

export const isValid = (problems: SubmitProblems): boolean => Object.keys(problems.errors).length === 0 && problems.warning === null;

/**
 * Spec news-tracking §5: product required (请选择产品), supplier required (供稿为必填项), reviewer
 * required (审稿为必填项), abstract required for a single submission (稿件摘要为必填项), at least one
 * column (请选择投稿栏目, a warning).
 */
export function validateSubmit(state: SubmitFormState, mode: SubmitMode): SubmitProblems {
  const errors: SubmitProblems['errors'] = {};
  if (state.productId === null) errors.productId = 'form.product_required';
  if (!state.firstAuthor.trim()) errors.firstAuthor = 'form.first_author_required';
  else if (state.firstAuthor.trim().length > FIRST_AUTHOR_MAX) errors.firstAuthor = 'form.too_long';
  if (state.authorIds.length === 0) errors.authorIds = 'form.reviewer_required';
  if (mode === 'single' && !state.abstracts.trim()) errors.abstracts = 'form.abstracts_required';
  if (state.memo.length > MEMO_MAX) errors.memo = 'form.too_long';
  const warning = state.productId !== null && chosenColumns(state.rows).length === 0 ? 'form.column_required' : null;
  return { errors, warning };
}

const memoOf = (memo: string): { memo?: string } => (memo.trim() ? { memo: memo.trim() } : {});

/**
 * `POST api/manuscript/oneToMany` for one reviewed news item. No `deptId`: the server files the
 * manuscript under the caller's own department.
 */
export function toOneToMany(state: SubmitFormState, newsId: number): OneToManyPayload {
  return {
    newsId,
    productId: state.productId as number,
    productList: chosenColumns(state.rows),
    ...memoOf(state.memo),
    firstAuthor: state.firstAuthor.trim(),
    authorIds: state.authorIds.join(','),
    abstracts: state.abstracts.trim(),
  };
}

/** `POST api/manuscript/manyToMany`: the same columns and memo for every item, no abstract (each item's own is used). */
export function toManyToMany(state: SubmitFormState, newsIds: readonly number[]): ManyToManyPayload {
  return {
    newsIds: [...newsIds],
    productId: state.productId as number,
    productList: chosenColumns(state.rows),
    ...memoOf(state.memo),
    firstAuthor: state.firstAuthor.trim(),
    authorIds: state.authorIds.join(','),
  };
}
