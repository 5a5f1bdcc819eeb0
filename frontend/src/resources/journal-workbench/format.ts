// How the workbench reads its records (pure): the issue title, type and dictionary labels, user
// names, the weekly's selection, the new order of a column, and the address's ids.
import { parseEditorIds } from '../shared/editorIds';
import type { AuthorRef, DictMap, JournalColumn, JournalManuscript, SelectableUser } from './types';

export { parseEditorIds };

/** A positive integer id of the address (`?journalId=`), else null. */
export function positiveId(value: string | null | undefined): number | null {
  if (value === null || value === undefined || value.trim() === '') return null;
  const id = Number(value);
  return Number.isInteger(id) && id > 0 ? id : null;
}

/** 动态稿件 when it has HTML content (or came from a news item), else 本地上传. */
export function typeOf(row: { type?: string | null; content?: string | null; newsId?: number | string | null }): 'dynamic' | 'upload' {
  if (row.type === 'dynamic' || row.type === 'upload') return row.type;
  return row.content || (row.newsId !== null && row.newsId !== undefined && row.newsId !== '') ? 'dynamic' : 'upload';
}

/** The label of a dictionary value (the value itself when the dictionary does not know it). */
export function dictLabel(dicts: DictMap | undefined, dictName: string, value: string | null | undefined): string {
  if (value === null || value === undefined || value === '') return '';
  return dicts?.[dictName]?.find((entry) => entry.value === value)?.label ?? value;
}

const nameOf = (user: { nickName?: string | null; username?: string | null; id: number }): string => user.nickName || user.username || String(user.id);

/** Users by name (`张编辑、李翻译`) from a comma string of ids; an unknown id stays a number. */
export function userNames(ids: string | null | undefined, users: readonly SelectableUser[] | undefined): string {
  const byId = new Map((users ?? []).map((user) => [user.id, nameOf(user)]));
  return parseEditorIds(ids)
    .map((id) => byId.get(id) ?? String(id))
    .join('、');
}

/** The reviewers of a copy: its `authors` when sent, else its ids through the user list. */
export function reviewerNames(row: { authors?: ReadonlyArray<Pick<AuthorRef, 'id'> & Partial<Pick<AuthorRef, 'username' | 'nickName'>>> | null; authorIds?: string | null }, users: readonly SelectableUser[] | undefined): string {
  if (row.authors && row.authors.length) return row.authors.map(nameOf).join('、');
  return userNames(row.authorIds, users);
}

/** The name of one user (nickname through the user list, else the account). */
export function userName(user: { id: number; username?: string | null } | null | undefined, users: readonly SelectableUser[] | undefined): string {
  if (!user) return '';
  const known = users?.find((candidate) => candidate.id === user.id);
  return known ? nameOf(known) : user.username || String(user.id);
}

/** 已选 N 篇: the weekly's checked copies over every column. */
export const checkedCount = (columns: readonly JournalColumn[]): number =>
  columns.reduce((sum, column) => sum + column.manuList.filter((row) => row.isCheck).length, 0);

/** The ids of a column after moving `activeId` to where `overId` is (unchanged when either is missing). */
export function movedIds(rows: readonly Pick<JournalManuscript, 'id'>[], activeId: number, overId: number): number[] {
  const ids = rows.map((row) => row.id);
  const from = ids.indexOf(activeId);
  const to = ids.indexOf(overId);
  if (from < 0 || to < 0 || from === to) return ids;
  const next = [...ids];
  next.splice(to, 0, ...next.splice(from, 1));
  return next;
}

/** The columns with one column's copies put in the order of `ids` (the optimistic view of a drop). */
export function withOrder(columns: readonly JournalColumn[], columnId: number, ids: readonly number[]): JournalColumn[] {
  return columns.map((column) => {
    if (column.id !== columnId) return column;
    const byId = new Map(column.manuList.map((row) => [row.id, row]));
    const ordered = ids.map((id) => byId.get(id)).filter((row): row is JournalManuscript => Boolean(row));
    return { ...column, manuList: ordered.map((row, index) => ({ ...row, sort: index + 1 })) };
  });
}

/** `yyyy-MM-dd` of a day or time. */
export const dayOf = (value: string | null | undefined): string => (value ? value.slice(0, 10) : '');
