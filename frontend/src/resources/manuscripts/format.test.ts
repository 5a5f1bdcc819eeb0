import { describe, expect, it } from 'vitest';
import { columnNames, creatorName, downloadableFileId, manuscriptType, parseIds, plainStart, reviewerNames } from './format';
import { zhText } from './useManuscriptText';

describe('manuscript type', () => {
  it('is 动态稿件 with content or a news id, else 本地上传', () => {
    expect(manuscriptType({ content: '<p>x</p>', newsId: null })).toBe('dynamic');
    expect(manuscriptType({ newsId: 12 })).toBe('dynamic');
    expect(manuscriptType({ newsId: '9007199254740993' })).toBe('dynamic');
    expect(manuscriptType({ newsId: null, content: null })).toBe('upload');
    expect(manuscriptType({})).toBe('upload');
    expect(zhText(`type.${manuscriptType({ newsId: 1 })}`)).toBe('动态稿件');
    expect(zhText(`type.${manuscriptType({ newsId: null })}`)).toBe('本地上传');
  });

  it('follows the server’s type when it sends one', () => {
    expect(manuscriptType({ type: 'upload', newsId: 3 })).toBe('upload');
    expect(manuscriptType({ type: 'dynamic', newsId: null })).toBe('dynamic');
  });
});

describe('manuscript fields', () => {
  const users = [
    { id: 3, username: 'editor', nickName: '张编辑' },
    { id: 4, username: 'reviewer', nickName: null },
  ];

  it('names the reviewers from `authors`, else through the user list', () => {
    expect(reviewerNames({ authors: [{ id: 3, nickName: '张编辑' }], authorIds: '3' })).toBe('张编辑');
    expect(reviewerNames({ authors: [], authorIds: '3, 4,9' }, users)).toBe('张编辑、reviewer、9');
    expect(reviewerNames({ authorIds: null })).toBe('');
    expect(parseIds('3,,x,3，5')).toEqual([3, 5]);
  });

  it('joins the columns, falling back to the first column', () => {
    expect(columnNames({ columns: [{ id: 1, name: '要闻' }, { id: 2, name: '评论' }] })).toBe('要闻、评论');
    expect(columnNames({ columns: [], productColumn: { id: 1, name: '要闻' } })).toBe('要闻');
    expect(columnNames({})).toBe('');
  });

  it('names the submitter and finds the file to download', () => {
    expect(creatorName({ createBy: { id: 1, username: 'reviewer', nickName: '王审校' } })).toBe('王审校');
    expect(creatorName({ createBy: { id: 1, username: 'reviewer' } })).toBe('reviewer');
    expect(downloadableFileId({ files: [{ id: 8, realName: 'a.docx' }], fileId: 7 })).toBe(8);
    expect(downloadableFileId({ files: [], fileId: 7 })).toBe(7);
    expect(downloadableFileId({ files: null, manuFileId: 6 })).toBe(6);
    expect(downloadableFileId({})).toBeNull();
  });

  it('cuts a translation to a plain-text abstract', () => {
    expect(plainStart('<p>美国&nbsp;<b>能源</b>部</p><p>第二段 &amp; 更多</p>')).toBe('美国 能源部\n第二段 & 更多');
    expect(plainStart('一二三四五', 3)).toBe('一二三');
    expect(plainStart(null)).toBe('');
  });
});
