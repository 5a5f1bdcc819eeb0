import { describe, expect, it } from 'vitest';
import { checkedCount, dictLabel, movedIds, positiveId, reviewerNames, typeOf, userName, userNames, withOrder } from './format';
import type { JournalColumn, JournalManuscript } from './types';

const USERS = [
  { id: 3, username: 'editor', nickName: '张编辑' },
  { id: 7, username: 'translator', nickName: null },
];
const row = (id: number, over: Partial<JournalManuscript> = {}) => ({ id, title: `稿件 ${id}`, sort: id, isCheck: false, ...over }) as JournalManuscript;

describe('workbench formatting', () => {
  it('reads positive ids of the address', () => {
    expect(positiveId('12')).toBe(12);
    expect([positiveId(''), positiveId('0'), positiveId('1.5'), positiveId('x'), positiveId(null)]).toEqual([null, null, null, null, null]);
  });

  it('names the type: the server’s, else dynamic with content or a news item', () => {
    expect(typeOf({ type: 'upload', content: '<p>x</p>' })).toBe('upload');
    expect(typeOf({ content: '<p>x</p>' })).toBe('dynamic');
    expect(typeOf({ newsId: 5 })).toBe('dynamic');
    expect(typeOf({ newsId: null })).toBe('upload');
  });

  it('reads dictionary labels, keeping unknown values', () => {
    const dicts = { country: [{ label: '美国', value: 'US' }] };
    expect(dictLabel(dicts, 'country', 'US')).toBe('美国');
    expect(dictLabel(dicts, 'country', 'FR')).toBe('FR');
    expect(dictLabel(undefined, 'country', null)).toBe('');
  });

  it('names users by nickname, else account, else id', () => {
    expect(userNames('3,7,12', USERS)).toBe('张编辑、translator、12');
    expect(reviewerNames({ authors: [{ id: 4, username: 'reviewer', nickName: '王审校' }], authorIds: '3' }, USERS)).toBe('王审校');
    expect(reviewerNames({ authors: [], authorIds: '3' }, USERS)).toBe('张编辑');
    expect(userName({ id: 3, username: 'editor' }, USERS)).toBe('张编辑');
    expect(userName({ id: 9, username: 'someone' }, USERS)).toBe('someone');
    expect(userName(null, USERS)).toBe('');
  });

  it('moves one id to the place of another', () => {
    const rows = [row(1), row(2), row(3), row(4)];
    expect(movedIds(rows, 1, 3)).toEqual([2, 3, 1, 4]);
    expect(movedIds(rows, 4, 2)).toEqual([1, 4, 2, 3]);
    expect(movedIds(rows, 2, 2)).toEqual([1, 2, 3, 4]);
    expect(movedIds(rows, 9, 2)).toEqual([1, 2, 3, 4]);
  });

  it('puts a column in a new order and counts the weekly’s checked copies', () => {
    const columns: JournalColumn[] = [
      { id: 11, name: '要闻', sort: 1, status: true, manuList: [row(1, { isCheck: true }), row(2), row(3, { isCheck: true })] },
      { id: 12, name: '综述', sort: 2, status: true, manuList: [row(4, { isCheck: true })] },
    ];
    const next = withOrder(columns, 11, [3, 1, 2]);
    expect(next[0].manuList.map((copy) => [copy.id, copy.sort])).toEqual([
      [3, 1],
      [1, 2],
      [2, 3],
    ]);
    expect(next[1]).toBe(columns[1]);
    expect(checkedCount(columns)).toBe(3);
  });
});
