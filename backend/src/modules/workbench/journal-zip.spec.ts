import { journalZipName, planJournalZip, safeZipName, uniqueName, type ZipCopy, ZIP_TITLE_MAX } from './journal-zip';

const copy = (id: number, title: string, column: { id: number; name: string } | null, extra: Partial<ZipCopy> = {}): ZipCopy => ({
  id,
  title,
  isCheck: false,
  productColumn: column,
  file: { id: id * 10, suffix: 'docx' },
  content: null,
  ...extra,
});

describe('journal zip layout', () => {
  const news = { id: 1, name: '要闻' };
  const comment = { id: 2, name: '评论/观点' };

  it('names: no /\\:*?"<>| or control characters, spaces collapsed, at most 80 characters, never empty', () => {
    expect(safeZipName(' a/b\\c:d*e?f"g<h>i|j\u0001k ')).toBe('a b c d e f g h i j k');
    expect(safeZipName('标题。..  ')).toBe('标题。');
    expect(safeZipName('  ')).toBe('未命名');
    expect(safeZipName(null, '栏目')).toBe('栏目');
    const long = '长'.repeat(200);
    expect(Array.from(safeZipName(long))).toHaveLength(ZIP_TITLE_MAX);
    // a surrogate pair is never cut in half
    expect(safeZipName('😀'.repeat(100))).toBe('😀'.repeat(ZIP_TITLE_MAX));
  });

  it('a name taken before gets (2), (3)… before its suffix, case-insensitively', () => {
    const taken = new Set<string>();
    expect(uniqueName(taken, 'A.docx')).toBe('A.docx');
    expect(uniqueName(taken, 'a.docx')).toBe('a (2).docx');
    expect(uniqueName(taken, 'A.docx')).toBe('A (3).docx');
    expect(uniqueName(taken, 'folder')).toBe('folder');
    expect(uniqueName(taken, 'folder')).toBe('folder (2)');
  });

  it('all: one numbered folder per column in order, numbered entries in order, dynamic copies as .docx, .doc kept', () => {
    const entries = planJournalZip(
      [
        copy(1, '甲', news),
        copy(2, '乙', news, { file: null, content: '<p>正文</p>' }),
        copy(3, '丙', comment, { file: { id: 30, suffix: 'doc' } }),
        copy(4, '空的', comment, { file: null, content: '' }),
      ],
      'all',
    );
    expect(entries).toEqual([
      { name: '1-要闻/1-甲.docx', fileId: 10, store: true },
      { name: '1-要闻/2-乙.docx', dynamic: expect.objectContaining({ id: 2 }), store: true },
      { name: '2-评论 观点/1-丙.doc', fileId: 30, store: false },
    ]);
  });

  it('numbers are padded to the width of the count; equal titles stay distinct', () => {
    const copies = Array.from({ length: 12 }, (_, i) => copy(i + 1, i < 2 ? '同名' : `稿${i}`, news));
    const names = planJournalZip(copies, 'all').map((e) => e.name);
    expect(names.slice(0, 3)).toEqual(['1-要闻/01-同名.docx', '1-要闻/02-同名.docx', '1-要闻/03-稿2.docx']);
    expect(names.at(-1)).toBe('1-要闻/12-稿11.docx');
  });

  it('weekly: only the checked copies; source: the sources’ files, copies without one left out; nothing → []', () => {
    const copies = [copy(1, '甲', news, { isCheck: true }), copy(2, '乙', news), copy(3, '丙', comment, { isCheck: true, file: null, content: '<p>x</p>' })];
    expect(planJournalZip(copies, 'weekly').map((e) => e.name)).toEqual(['1-要闻/1-甲.docx', '2-评论 观点/1-丙.docx']);
    const source = planJournalZip(copies, 'source', new Map([[2, { id: 99, suffix: 'doc' }]]));
    expect(source).toEqual([{ name: '1-要闻/1-乙.doc', fileId: 99, store: false }]);
    expect(planJournalZip(copies, 'source')).toEqual([]);
    expect(planJournalZip([], 'all')).toEqual([]);
  });

  it('zip names: product, year and issue; weekly and source marked', () => {
    const journal = { product: { name: '每日要闻' }, year: 2026, journalNo: 7 };
    expect(journalZipName(journal, 'all')).toBe('每日要闻2026第7期.zip');
    expect(journalZipName(journal, 'weekly')).toBe('每日要闻2026第7期-选稿.zip');
    expect(journalZipName(journal, 'source')).toBe('每日要闻2026第7期-源附件.zip');
  });
});
