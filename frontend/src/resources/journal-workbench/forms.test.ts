import { describe, expect, it } from 'vitest';
import { cellKey, countDrafts, editFormOf, invalidCells, isCount, toEditBody, toUploadFields, uploadAreaShown, validateEdit, withCounts } from './forms';
import type { JournalManuscript } from './types';

describe('the edit form', () => {
  const row = { id: 5, title: '稿件', memo: null, firstAuthor: '李供稿', authorIds: '4,3', abstractOrigin: '原摘要', abstractEdit: null } as JournalManuscript;

  it('requires title, 供稿 and 审稿 with the spec’s messages', () => {
    expect(validateEdit(editFormOf(row))).toEqual({});
    expect(validateEdit({ ...editFormOf(row), title: ' ', firstAuthor: '', authorIds: [] })).toEqual({
      title: 'edit.title_required',
      firstAuthor: 'edit.provider_required',
      authorIds: 'edit.reviewer_required',
    });
  });

  it('sends the editor summary, never the submitted one', () => {
    expect(toEditBody(5, { ...editFormOf(row), abstractEdit: '新摘要' })).toEqual({ id: 5, title: '稿件', memo: '', firstAuthor: '李供稿', authorIds: '4,3', abstractEdit: '新摘要' });
  });
});

describe('the upload form', () => {
  it('shows the upload area only with title, provider and unit', () => {
    const base = { title: '稿件', firstAuthor: '李供稿', dept: { id: 7 } };
    expect(uploadAreaShown(base)).toBe(true);
    expect(uploadAreaShown({ ...base, title: ' ' })).toBe(false);
    expect(uploadAreaShown({ ...base, firstAuthor: '' })).toBe(false);
    expect(uploadAreaShown({ ...base, dept: null })).toBe(false);
  });

  it('sends the journal, column and fields (memo only when written)', () => {
    expect(toUploadFields(9, 11, { title: ' 稿件 ', firstAuthor: '李供稿', dept: { id: 7 }, memo: ' ', toPool: false })).toEqual({
      journalId: 9,
      columnId: 11,
      title: '稿件',
      firstAuthor: '李供稿',
      deptId: 7,
      memo: undefined,
    });
  });
});

describe('provider counts', () => {
  const list = [{ column: { id: 11, name: '要闻' }, list: [{ id: null, dept: { id: 1, name: '新闻中心' }, provideCount: 2 }] }];

  it('accept whole numbers from 0 only', () => {
    expect(['0', '12', ' 3 '].every(isCount)).toBe(true);
    expect(['', '-1', '2.5', '1e3', 'x'].some(isCount)).toBe(false);
  });

  it('round-trip the typed counts', () => {
    const drafts = countDrafts(list);
    expect(drafts).toEqual({ [cellKey(11, 1)]: '2' });
    expect(invalidCells({ ...drafts, [cellKey(11, 1)]: '-1' })).toEqual(['11:1']);
    expect(withCounts(list, { [cellKey(11, 1)]: '7' })[0].list[0].provideCount).toBe(7);
  });
});
