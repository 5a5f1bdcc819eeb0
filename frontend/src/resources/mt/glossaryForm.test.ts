import { describe, expect, it } from 'vitest';
import type { GlossaryTerm } from './api';
import { emptyGlossaryForm, formValuesToTerm, serverErrorField, termToFormValues, termWithEnabled, validateGlossaryForm } from './glossaryForm';

const term = {
  id: 4,
  source: 'Large Language Model',
  target: '大语言模型',
  caseSensitive: true,
  enabled: true,
  memo: null,
  updateTime: '2026-01-02 10:00:00',
} as GlossaryTerm;

describe('glossary form', () => {
  it('maps a new term to the POST body (trimmed, defaults, empty memo → null)', () => {
    expect(formValuesToTerm({ ...emptyGlossaryForm, source: ' LLM ', target: ' 大模型 ', memo: '  ' })).toEqual({
      source: 'LLM',
      target: '大模型',
      caseSensitive: false,
      enabled: true,
      memo: null,
    });
  });

  it('maps an edited term to the PUT body with its id', () => {
    expect(formValuesToTerm({ ...termToFormValues(term), enabled: 'false', memo: '人工智能' })).toEqual({
      id: 4,
      source: 'Large Language Model',
      target: '大语言模型',
      caseSensitive: true,
      enabled: false,
      memo: '人工智能',
    });
    expect(termWithEnabled(term, false)).toEqual({
      id: 4,
      source: 'Large Language Model',
      target: '大语言模型',
      caseSensitive: true,
      enabled: false,
      memo: null,
    });
  });

  it('validates with the server limits', () => {
    expect(validateGlossaryForm(termToFormValues(term))).toEqual({});
    expect(validateGlossaryForm({ ...emptyGlossaryForm, source: '  ' })).toEqual({
      source: 'glossary.source_required',
      target: 'glossary.target_required',
    });
    expect(validateGlossaryForm({ source: 'a'.repeat(201), target: 'b'.repeat(201), memo: 'c'.repeat(501) })).toEqual({
      source: 'glossary.source_too_long',
      target: 'glossary.target_too_long',
      memo: 'glossary.memo_too_long',
    });
    expect(validateGlossaryForm({ source: 'a'.repeat(200), target: 'b'.repeat(200), memo: 'c'.repeat(500) })).toEqual({});
  });

  it('knows which field a server message is about', () => {
    expect(serverErrorField('原文术语不能为空')).toBe('source');
    expect(serverErrorField('术语 LLM 已存在')).toBe('source');
    expect(serverErrorField('规定译名不能超过 200 个字符')).toBe('target');
    expect(serverErrorField('备注不能超过 500 个字符')).toBe('memo');
    expect(serverErrorField('术语不存在: id is 9')).toBeNull();
    expect(serverErrorField('权限不足')).toBeNull();
  });
});
