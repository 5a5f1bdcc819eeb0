// How manuscript fields read in the table and dialogs (pure).
import type { Manuscript, SelectableUser } from './types';

export type ManuscriptType = 'dynamic' | 'upload';

/**
 * 动态稿件 when it came from a news item (it has content or a newsId), else 本地上传 (spec
 * production-admin §2/§3). The server's `type` wins when it is one of the two.
 */
export function manuscriptType(row: Partial<Pick<Manuscript, 'type' | 'content' | 'newsId'>>): ManuscriptType {
  if (row.type === 'dynamic' || row.type === 'upload') return row.type;
  const hasNews = row.newsId !== null && row.newsId !== undefined && row.newsId !== '';
  return row.content || hasNews ? 'dynamic' : 'upload';
}

/** `"3, 7"` → `[3, 7]` (blanks and non-numbers dropped, duplicates once). */
export function parseIds(value: string | null | undefined): number[] {
  if (value === null || value === undefined) return [];
  const ids = String(value)
    .split(/[,，\s]+/)
    .filter(Boolean)
    .map(Number)
    .filter((id) => Number.isInteger(id) && id > 0);
  return [...new Set(ids)];
}

export const userName = (user: Pick<SelectableUser, 'nickName' | 'username'>): string => user.nickName || user.username;

/**
 * The reviewers by name: the answer's `authors` when present, else the ids resolved through the
 * user list (an unknown id stays a number).
 */
export function reviewerNames(row: Pick<Manuscript, 'authors' | 'authorIds'>, users?: readonly SelectableUser[]): string {
  if (row.authors && row.authors.length) return row.authors.map((a) => a.nickName || a.username || String(a.id)).join('、');
  const byId = new Map((users ?? []).map((u) => [u.id, userName(u)]));
  return parseIds(row.authorIds)
    .map((id) => byId.get(id) ?? String(id))
    .join('、');
}

/** The columns of a manuscript (`columns`, else the single `productColumn`). */
export function columnNames(row: Pick<Manuscript, 'columns' | 'productColumn'>): string {
  const list = row.columns && row.columns.length ? row.columns : row.productColumn ? [row.productColumn] : [];
  return list.map((c) => c.name).join('、');
}

export const creatorName = (row: Pick<Manuscript, 'createBy'>): string => row.createBy?.nickName || row.createBy?.username || '';

/** The file of a local upload to download (current file, else the id fields). */
export function downloadableFileId(row: Pick<Manuscript, 'files' | 'fileId' | 'manuFileId'>): number | null {
  const file = row.files?.[0];
  if (file && typeof file.id === 'number') return file.id;
  return row.fileId ?? row.manuFileId ?? null;
}

/** Markup stripped and whitespace collapsed, cut at `max` characters (a prefilled abstract). */
export function plainStart(html: string | null | undefined, max = 300): string {
  if (!html) return '';
  const text = html
    .replace(/<\/(p|div|li|h[1-6])>|<br\s*\/?>/gi, '\n')
    .replace(/<[^>]*>/g, '')
    .replace(/&nbsp;/g, ' ')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&amp;/g, '&')
    .replace(/[ \t]+/g, ' ')
    .replace(/\s*\n\s*/g, '\n')
    .trim();
  return [...text].slice(0, max).join('');
}
