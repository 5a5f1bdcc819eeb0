// The glossary dialog's values, wire payload, validation (the server's limits) and the mapping of
// the server's validation messages to fields.
import { isBlank } from '../shared/validation';
import type { GlossaryTerm } from './api';
import type { MtKey } from './useMtText';

export interface GlossaryFormValues {
  id?: number;
  source: string;
  target: string;
  caseSensitive: 'true' | 'false';
  enabled: 'true' | 'false';
  memo: string;
}

/** The body of `POST api/mtGlossary` (and, with `id`, of `PUT`). */
export interface GlossaryPayload {
  id?: number;
  source: string;
  target: string;
  caseSensitive: boolean;
  enabled: boolean;
  memo: string | null;
}

export type GlossaryField = 'source' | 'target' | 'memo';

export const TERM_MAX = 200;
export const MEMO_MAX = 500;

export const emptyGlossaryForm: GlossaryFormValues = { source: '', target: '', caseSensitive: 'false', enabled: 'true', memo: '' };

export const termToFormValues = (term: GlossaryTerm): GlossaryFormValues => ({
  id: term.id,
  source: term.source ?? '',
  target: term.target ?? '',
  caseSensitive: term.caseSensitive ? 'true' : 'false',
  enabled: term.enabled === false ? 'false' : 'true',
  memo: term.memo ?? '',
});

export function formValuesToTerm(values: GlossaryFormValues): GlossaryPayload {
  const memo = (values.memo ?? '').trim();
  const payload: GlossaryPayload = {
    source: (values.source ?? '').trim(),
    target: (values.target ?? '').trim(),
    caseSensitive: String(values.caseSensitive) === 'true',
    enabled: String(values.enabled) !== 'false',
    memo: memo || null,
  };
  return values.id === undefined || values.id === null ? payload : { id: values.id, ...payload };
}

/** The full PUT body with `enabled` changed (the list's switch). */
export const termWithEnabled = (term: GlossaryTerm, enabled: boolean): GlossaryPayload & { id: number } =>
  ({ ...formValuesToTerm(termToFormValues(term)), enabled }) as GlossaryPayload & { id: number };

/** Errors as message keys (the dialog translates them); the rules of the server's DTO. */
export function validateGlossaryForm(values: Partial<GlossaryFormValues>): Partial<Record<GlossaryField, MtKey>> {
  const errors: Partial<Record<GlossaryField, MtKey>> = {};
  const source = String(values.source ?? '').trim();
  const target = String(values.target ?? '').trim();
  if (isBlank(source)) errors.source = 'glossary.source_required';
  else if (source.length > TERM_MAX) errors.source = 'glossary.source_too_long';
  if (isBlank(target)) errors.target = 'glossary.target_required';
  else if (target.length > TERM_MAX) errors.target = 'glossary.target_too_long';
  if (String(values.memo ?? '').trim().length > MEMO_MAX) errors.memo = 'glossary.memo_too_long';
  return errors;
}

/**
 * The field a server message is about (`原文术语不能为空`, `术语 X 已存在` → source; `规定译名…` →
 * target; `备注…` → memo), so the dialog shows it under that field; `null` for anything else (toast).
 */
export function serverErrorField(message: string): GlossaryField | null {
  const text = message.trim();
  if (/^原文术语/.test(text) || /^术语\s.*已存在$/.test(text)) return 'source';
  if (/^规定译名/.test(text)) return 'target';
  if (/^备注/.test(text)) return 'memo';
  return null;
}
