// How the journal fields read in the tables (status labels, editor names, days).
import { parseEditorIds } from '../shared/editorIds';
import { JOURNAL_STATUSES, type JournalEditor, type JournalStatus } from './types';

export { parseEditorIds };

export const isJournalStatus = (value: unknown): value is JournalStatus =>
  typeof value === 'string' && (JOURNAL_STATUSES as readonly string[]).includes(value);

/**
 * The editors by name (`张编辑、李翻译`): nickname, else account; an id with no known user (not
 * loaded yet, disabled, deleted) stays as its number. Empty string when there are none.
 */
export function editorNames(editorIds: string | null | undefined, users: readonly JournalEditor[] | undefined): string {
  const byId = new Map((users ?? []).map((user) => [user.id, user.nickName || user.username]));
  return parseEditorIds(editorIds)
    .map((id) => byId.get(id) ?? String(id))
    .join('、');
}

/** `yyyy-MM-dd` of a day or time string (a plan publish time sent with a time still reads as a day). */
export const dayOf = (value: string | null | undefined): string => (value ? value.slice(0, 10) : '');
