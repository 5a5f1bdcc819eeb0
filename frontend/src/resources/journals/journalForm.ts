// The add/edit journal dialog's values (spec production-admin §2 "Journal form and list", §3, §5):
// record ↔ form values, the next issue read from `getMaxTotalNo`, and the checks of the form.
import { isBlank } from '../shared/validation';
import { parseEditorIds } from './format';
import type { Journal, JournalWrite, NextIssue } from './types';

export interface JournalFormValues {
  id?: number;
  productId: number | null;
  year: number | string;
  journalNo: number | string;
  totalNo: number | string;
  /** `yyyy-MM-dd`. */
  planPublishTime: string;
  editorIds: number[];
  memo: string;
}

export type JournalFormErrors = Partial<Record<'productId' | 'planPublishTime' | 'year' | 'journalNo' | 'totalNo', string>>;

export interface JournalFormMessages {
  productRequired: string;
  planPublishTimeRequired: string;
  yearRequired: string;
  journalNoRequired: string;
  positiveInteger: string;
}

/** The spec's words (§5); `positiveInteger` for numbers that are not whole and positive. */
export const JOURNAL_FORM_MESSAGES: JournalFormMessages = {
  productRequired: '产品名称不能为空',
  planPublishTimeRequired: '期刊时间不能为空',
  yearRequired: '年度不能为空',
  journalNoRequired: '期号不能为空',
  positiveInteger: '请输入正整数',
};

/**
 * `"2026,15,3"` → `{year: 2026, totalNo: 15, journalNo: 3}` (the product's next issue). Anything
 * else (missing parts, non-numbers) → null, and the form keeps what it has.
 */
export function parseNextIssue(answer: unknown): NextIssue | null {
  if (answer === null || answer === undefined) return null;
  const parts = String(answer)
    .replace(/^"|"$/g, '')
    .split(/[,，]/)
    .map((part) => part.trim());
  if (parts.length < 3) return null;
  const [year, totalNo, journalNo] = parts.map(Number);
  if (![year, totalNo, journalNo].every((n) => Number.isInteger(n) && n > 0)) return null;
  return { year, totalNo, journalNo };
}

/** The form after picking a product: year, total number and issue number of its next issue. */
export function withNextIssue<V extends Pick<JournalFormValues, 'year' | 'totalNo' | 'journalNo'>>(values: V, next: NextIssue | null): V {
  return next ? { ...values, year: next.year, totalNo: next.totalNo, journalNo: next.journalNo } : values;
}

export function emptyJournalForm(productId: number | null = null): JournalFormValues {
  return { productId, year: '', journalNo: '', totalNo: '', planPublishTime: '', editorIds: [], memo: '' };
}

const day = (value: string | null | undefined) => (value ? value.slice(0, 10) : '');

export function journalToFormValues(journal: Journal): JournalFormValues {
  return {
    id: journal.id,
    productId: journal.productId ?? journal.product?.id ?? null,
    year: journal.year ?? '',
    journalNo: journal.journalNo ?? '',
    totalNo: journal.totalNo ?? '',
    planPublishTime: day(journal.planPublishTime),
    editorIds: parseEditorIds(journal.editorIds),
    memo: journal.memo ?? '',
  };
}

const isPositiveInteger = (value: unknown) => {
  const n = Number(value);
  return Number.isInteger(n) && n > 0;
};

export function formValuesToJournal(values: JournalFormValues): JournalWrite {
  const payload: JournalWrite = {
    productId: Number(values.productId),
    year: Number(values.year),
    journalNo: Number(values.journalNo),
    totalNo: isBlank(values.totalNo) ? null : Number(values.totalNo),
    editorIds: values.editorIds?.length ? values.editorIds.join(',') : null,
    memo: values.memo?.trim() ? values.memo.trim() : null,
    planPublishTime: day(values.planPublishTime),
  };
  return values.id === undefined || values.id === null ? payload : { id: values.id, ...payload };
}

export function validateJournalForm(values: Partial<JournalFormValues>, messages: JournalFormMessages = JOURNAL_FORM_MESSAGES): JournalFormErrors {
  const errors: JournalFormErrors = {};
  if (values.productId === null || values.productId === undefined || isBlank(values.productId)) errors.productId = messages.productRequired;
  if (isBlank(values.planPublishTime)) errors.planPublishTime = messages.planPublishTimeRequired;
  if (isBlank(values.year)) errors.year = messages.yearRequired;
  else if (!isPositiveInteger(values.year)) errors.year = messages.positiveInteger;
  if (isBlank(values.journalNo)) errors.journalNo = messages.journalNoRequired;
  else if (!isPositiveInteger(values.journalNo)) errors.journalNo = messages.positiveInteger;
  if (!isBlank(values.totalNo) && !isPositiveInteger(values.totalNo)) errors.totalNo = messages.positiveInteger;
  return errors;
}
