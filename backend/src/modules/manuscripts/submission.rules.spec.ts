import { autoAbstract, submissionTitle } from './submission.service.js';

describe('submission rules', () => {
  it('titles: the department Chinese title, else the item Chinese title, else the original', () => {
    expect(submissionTitle({ title: 'Original', titleCn: '中文标题', deptTitleCn: '部门标题' })).toBe('部门标题');
    expect(submissionTitle({ title: 'Original', titleCn: '中文标题', deptTitleCn: '  ' })).toBe('中文标题');
    expect(submissionTitle({ title: 'Original', titleCn: null, deptTitleCn: null })).toBe('Original');
    expect(submissionTitle({ title: 'x'.repeat(600), titleCn: null, deptTitleCn: null })).toHaveLength(500);
  });

  it('batch abstracts: the department abstract, else the start of the translation as text (≤ 300 characters)', () => {
    expect(autoAbstract({ abstracts: ' 部门摘要 ', contentTrans: '<p>译文</p>' })).toBe('部门摘要');
    expect(autoAbstract({ abstracts: null, contentTrans: '<p>第一段 &amp; 内容。</p><p>第二段。</p>' })).toBe('第一段 & 内容。 第二段。');
    const long = autoAbstract({ abstracts: '', contentTrans: '字'.repeat(400) });
    expect(long).toBe('字'.repeat(300));
    // Characters, not UTF-16 units: an astral character is never cut in half.
    expect([...autoAbstract({ abstracts: null, contentTrans: '𠀀'.repeat(301) })!]).toHaveLength(300);
    expect(autoAbstract({ abstracts: null, contentTrans: null })).toBeNull();
  });
});
