// The journal state machine as the list offers it (spec production-admin §4): edit → submit (only
// with a journal version file), submit/review → done, done → review. The server re-checks each move
// and answers 409 with its message otherwise.
import type { JournalStatus } from './types';

/** A status action: the target status it moves the journal to. */
export type JournalStatusAction = 'submit' | 'done' | 'review';

/** The moves the state machine allows from `status`, whatever the files. */
export function statusActionsOf(status: JournalStatus | string | null | undefined): JournalStatusAction[] {
  switch (status) {
    case 'edit':
      return ['submit'];
    case 'submit':
    case 'review':
      return ['done'];
    case 'done':
      return ['review'];
    default:
      return [];
  }
}

/** Whether `action` is available now: 提交 also needs at least one journal version file. */
export function canRunStatusAction(status: JournalStatus | string | null | undefined, action: JournalStatusAction, versionFileCount: number): boolean {
  if (!statusActionsOf(status).includes(action)) return false;
  return action !== 'submit' || versionFileCount > 0;
}

/**
 * Whether the caller may write the journal (edit, delete, status moves, versions): the server's
 * `canEdit`; absent means not known, and the server decides.
 */
export const canEditJournal = (journal: { canEdit?: boolean }): boolean => journal.canEdit !== false;

/** Editing actions (edit, delete) are closed once the journal is done. */
export const isFinalised = (status: JournalStatus | string | null | undefined): boolean => status === 'done';
