import { describe, expect, it } from 'vitest';
import { emptyJournalForm, formValuesToJournal, journalToFormValues, parseNextIssue, validateJournalForm, withNextIssue } from './journalForm';
import { canRunStatusAction, isFinalised, statusActionsOf } from './journalStatus';
import type { Journal } from './types';

const journal = {
  id: 5,
  productId: 2,
  product: { id: 2, name: '国际动态周刊' },
  year: 2026,
  journalNo: 3,
  totalNo: 15,
  editorIds: '3,7',
  status: 'edit',
  memo: null,
  createTime: '2026-11-20 09:00:00',
  planPublishTime: '2026-11-25',
  publishTime: null,
  createBy: { id: 1, username: 'admin' },
} as Journal;

describe('getMaxTotalNo answer', () => {
  it('reads "year,totalNo,journalNo"', () => {
    expect(parseNextIssue('2026,15,3')).toEqual({ year: 2026, totalNo: 15, journalNo: 3 });
    expect(parseNextIssue(' 2027 , 16 , 1 ')).toEqual({ year: 2027, totalNo: 16, journalNo: 1 });
    expect(parseNextIssue('"2026,15,3"')).toEqual({ year: 2026, totalNo: 15, journalNo: 3 });
  });

  it('refuses anything else', () => {
    for (const answer of [null, undefined, '', '2026,15', 'a,b,c', '2026,0,1', '2026,1.5,1', 42]) expect(parseNextIssue(answer), String(answer)).toBeNull();
  });

  it('fills year, total number and issue number of the form', () => {
    const form = { ...emptyJournalForm(2), memo: '备注' };
    expect(withNextIssue(form, parseNextIssue('2026,15,3'))).toEqual({ ...form, year: 2026, totalNo: 15, journalNo: 3 });
    expect(withNextIssue(form, null)).toBe(form);
  });
});

describe('journal form', () => {
  it('starts with the product of the list filter', () => {
    expect(emptyJournalForm(9)).toEqual({ productId: 9, year: '', journalNo: '', totalNo: '', planPublishTime: '', editorIds: [], memo: '' });
  });

  it('reads a journal and writes it back', () => {
    const values = journalToFormValues(journal);
    expect(values).toEqual({ id: 5, productId: 2, year: 2026, journalNo: 3, totalNo: 15, planPublishTime: '2026-11-25', editorIds: [3, 7], memo: '' });
    expect(formValuesToJournal(values)).toEqual({
      id: 5,
      productId: 2,
      year: 2026,
      journalNo: 3,
      totalNo: 15,
      editorIds: '3,7',
      memo: null,
      planPublishTime: '2026-11-25',
    });
  });

  it('sends numbers, nulls for the empty optional fields and a day', () => {
    expect(
      formValuesToJournal({ productId: 2, year: '2026', journalNo: '4', totalNo: '', planPublishTime: '2026-12-01 00:00:00', editorIds: [], memo: ' 第四期 ' }),
    ).toEqual({ productId: 2, year: 2026, journalNo: 4, totalNo: null, editorIds: null, memo: '第四期', planPublishTime: '2026-12-01' });
  });

  it('validates with the spec messages', () => {
    expect(validateJournalForm(emptyJournalForm())).toEqual({
      productId: '产品名称不能为空',
      planPublishTime: '期刊时间不能为空',
      year: '年度不能为空',
      journalNo: '期号不能为空',
    });
    expect(validateJournalForm(journalToFormValues(journal))).toEqual({});
    expect(validateJournalForm({ ...journalToFormValues(journal), year: 0, journalNo: 'x', totalNo: -1 })).toEqual({
      year: '请输入正整数',
      journalNo: '请输入正整数',
      totalNo: '请输入正整数',
    });
  });
});

describe('journal status actions (spec §4)', () => {
  it('follow the state machine', () => {
    expect(statusActionsOf('edit')).toEqual(['submit']);
    expect(statusActionsOf('submit')).toEqual(['done']);
    expect(statusActionsOf('review')).toEqual(['done']);
    expect(statusActionsOf('done')).toEqual(['review']);
    expect(statusActionsOf('other')).toEqual([]);
    expect(statusActionsOf(null)).toEqual([]);
  });

  it('offer 提交 only with a journal version file', () => {
    expect(canRunStatusAction('edit', 'submit', 0)).toBe(false);
    expect(canRunStatusAction('edit', 'submit', 1)).toBe(true);
    expect(canRunStatusAction('submit', 'done', 0)).toBe(true);
    expect(canRunStatusAction('done', 'review', 0)).toBe(true);
    expect(canRunStatusAction('done', 'done', 3)).toBe(false);
    expect(canRunStatusAction('edit', 'done', 3)).toBe(false);
  });

  it('know a finalised journal', () => {
    expect(isFinalised('done')).toBe(true);
    expect(isFinalised('review')).toBe(false);
  });
});
