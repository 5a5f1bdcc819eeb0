// What the workbench offers the caller (spec production-admin §4, §6; docs/workbench-api.md "Who may
// do what"), asked of the session's CASL ability. The server re-checks every call.
import { type AppAbility, holds } from '../../providers/ability';
import type { JournalStatus } from './types';

export interface WorkbenchAccess {
  /** `productJournal:manu`: the workbench itself, its downloads and counts. */
  manu: boolean;
  /** The journal is done: every editing control is hidden. */
  done: boolean;
  /** Pick, upload, order, edit, delete, check, generate, versions, counts: manu + ownership + not done. */
  edit: boolean;
  /** 提交审核 / 定稿 / 更正版: `productJournal:edit` + ownership. */
  moveStatus: boolean;
  /** A new journal version or deleting one (`uploadJournal` needs `productJournal:edit`): edit + that code. */
  journalFiles: boolean;
}

export function workbenchAccess(ability: AppAbility, journal: { status?: JournalStatus | string | null; canEdit?: boolean } | undefined): WorkbenchAccess {
  const manu = holds(ability, 'productJournal:manu');
  const owns = journal?.canEdit !== false;
  const done = journal?.status === 'done';
  const edit = Boolean(journal) && manu && owns && !done;
  const journalCode = holds(ability, 'productJournal:edit');
  return {
    manu,
    done,
    edit,
    moveStatus: Boolean(journal) && journalCode && owns,
    journalFiles: edit && journalCode,
  };
}

/** The state moves the header offers (spec §4): 提交审核 only with a version, 定稿 from submit or review, 更正版 when done. */
export function statusMoves(status: JournalStatus | string | null | undefined, versionCount: number): Array<'submit' | 'done' | 'review'> {
  switch (status) {
    case 'edit':
      return versionCount > 0 ? ['submit'] : [];
    case 'submit':
    case 'review':
      return ['done'];
    case 'done':
      return ['review'];
    default:
      return [];
  }
}
