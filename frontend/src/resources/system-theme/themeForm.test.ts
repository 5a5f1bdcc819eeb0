import { describe, expect, it } from 'vitest';
import { emptyThemeForm, formValuesToTheme, parseBatch, parseKeywords, themeToFormValues, validateThemeForm } from './themeForm';

describe('themeForm', () => {
  it('reads keywords one a line or separated by commas and 、, without blanks or repeats', () => {
    expect(parseKeywords(' 北极\nArctic，北极、 航道 ,,\n')).toEqual(['北极', 'Arctic', '航道']);
    expect(parseKeywords('')).toEqual([]);
    expect(parseKeywords(undefined)).toEqual([]);
  });

  it('maps a theme to the form and back', () => {
    const theme = { id: 3, title: '北极航道', keywords: ['北极', 'Arctic'], seq: 6, createTime: '2026-01-01 08:00:00' };
    const values = themeToFormValues(theme as Parameters<typeof themeToFormValues>[0]);
    expect(values).toEqual({ id: 3, title: '北极航道', keywords: '北极\nArctic', seq: 6 });
    expect(formValuesToTheme({ ...values, title: ' 北极航线 ' })).toEqual({ id: 3, title: '北极航线', keywords: ['北极', 'Arctic'], seq: 6 });
    expect(formValuesToTheme(emptyThemeForm)).toEqual({ title: '', keywords: [], seq: 999 });
  });

  it('checks what the server checks', () => {
    expect(validateThemeForm(emptyThemeForm)).toEqual({ title: 'form.title_required' });
    expect(validateThemeForm({ title: 'x'.repeat(101), keywords: 'k'.repeat(101), seq: -1 })).toEqual({
      title: 'form.title_too_long',
      keywords: 'form.keyword_too_long',
      seq: 'form.seq_invalid',
    });
    const many = Array.from({ length: 201 }, (_, i) => `k${i}`).join('\n');
    expect(validateThemeForm({ title: 'ok', keywords: many, seq: 1 })).toEqual({ keywords: 'form.keywords_too_many' });
  });

  it('parses the batch text: a theme a line, keywords after a colon', () => {
    expect(parseBatch('北极航道：北极，Arctic\n\n 粮食安全 \n太空竞争: 航天, space race')).toEqual({
      items: [
        { title: '北极航道', keywords: ['北极', 'Arctic'] },
        { title: '粮食安全', keywords: [] },
        { title: '太空竞争', keywords: ['航天', 'space race'] },
      ],
    });
    expect(parseBatch(' \n ')).toEqual({ error: 'batch.required' });
    expect(parseBatch('好主题\n：只有关键词')).toEqual({ error: 'batch.line_error', line: 2, cause: 'form.title_required' });
    expect(parseBatch(Array.from({ length: 1001 }, (_, i) => `主题${i}`).join('\n'))).toEqual({ error: 'batch.too_many' });
  });
});
