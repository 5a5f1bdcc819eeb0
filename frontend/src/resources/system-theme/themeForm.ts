// The theme dialog's values and payload, the keyword text (one a line or comma separated) and the
// batch text (`名称：关键词，关键词` a line), with the checks of the server's DTO.
import { isBlank } from '../shared/validation';
import type { NewsTheme, ThemeItem } from './api';
import type { ThemeKey } from './useThemeText';

export const TITLE_MAX = 100;
export const KEYWORD_MAX = 100;
export const KEYWORDS_MAX = 200;
export const SEQ_MAX = 99999;
export const BATCH_MAX = 1000;

export interface ThemeFormValues {
  id?: number;
  title: string;
  keywords: string;
  seq: number | string;
}

export interface ThemePayload {
  id?: number;
  title: string;
  keywords: string[];
  seq: number;
}

/** Keywords from a text: split on new lines, commas (, ，) and 、; trimmed, blanks and repeats dropped. */
export function parseKeywords(text: string | null | undefined): string[] {
  return [...new Set(String(text ?? '').split(/[\n,，、;；]+/).map((k) => k.trim()).filter(Boolean))];
}

export const emptyThemeForm: ThemeFormValues = { title: '', keywords: '', seq: 999 };

export const themeToFormValues = (theme: NewsTheme): ThemeFormValues => ({
  id: theme.id,
  title: theme.title ?? '',
  keywords: (theme.keywords ?? []).join('\n'),
  seq: theme.seq ?? 999,
});

export function formValuesToTheme(values: ThemeFormValues): ThemePayload {
  const payload: ThemePayload = { title: String(values.title ?? '').trim(), keywords: parseKeywords(values.keywords), seq: Number(values.seq) };
  return values.id === undefined || values.id === null ? payload : { id: values.id, ...payload };
}

export type ThemeField = 'title' | 'keywords' | 'seq';

const keywordError = (keywords: string[]): ThemeKey | null =>
  keywords.length > KEYWORDS_MAX ? 'form.keywords_too_many' : keywords.some((k) => k.length > KEYWORD_MAX) ? 'form.keyword_too_long' : null;

const titleError = (title: string): ThemeKey | null => (isBlank(title) ? 'form.title_required' : title.length > TITLE_MAX ? 'form.title_too_long' : null);

export function validateThemeForm(values: Partial<ThemeFormValues>): Partial<Record<ThemeField, ThemeKey>> {
  const errors: Partial<Record<ThemeField, ThemeKey>> = {};
  const title = titleError(String(values.title ?? '').trim());
  if (title) errors.title = title;
  const keywords = keywordError(parseKeywords(values.keywords));
  if (keywords) errors.keywords = keywords;
  const seq = Number(values.seq);
  if (isBlank(values.seq) || !Number.isInteger(seq) || seq < 0 || seq > SEQ_MAX) errors.seq = 'form.seq_invalid';
  return errors;
}

export type BatchResult = { items: ThemeItem[] } | { error: ThemeKey; line?: number; cause?: ThemeKey };

/** The batch text: one theme a line, `名称` or `名称：关键词，关键词` (a colon : or ：); blank lines skipped. */
export function parseBatch(text: string): BatchResult {
  const items: ThemeItem[] = [];
  const lines = text.split('\n');
  for (const [index, raw] of lines.entries()) {
    const line = raw.trim();
    if (!line) continue;
    const at = line.search(/[:：]/);
    const title = (at < 0 ? line : line.slice(0, at)).trim();
    const keywords = at < 0 ? [] : parseKeywords(line.slice(at + 1));
    const cause = titleError(title) ?? keywordError(keywords);
    if (cause) return { error: 'batch.line_error', line: index + 1, cause };
    items.push({ title, keywords });
  }
  if (items.length === 0) return { error: 'batch.required' };
  if (items.length > BATCH_MAX) return { error: 'batch.too_many' };
  return { items };
}
