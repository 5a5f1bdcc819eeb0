import type { PolicyRules } from '../../common/access/ability.js';

/** CASL subject of a stored file (`record(FILE, { handlerId, formType, formId, manuscript? })`). */
export const FILE = 'File';

/**
 * Record rules of stored files:
 * - claim (attach a free upload to a record by its id) and delete: the uploader, or whoever manages
 *   files (`storage:list` to claim, `storage:del` to delete);
 * - read: `storage:list` reads everything; the uploader reads their own; otherwise by the record the
 *   file belongs to: a product template — any session (every submitter works from it); a journal
 *   version — `productJournal:list`; a report — `productSetting:list`; a manuscript's file —
 *   `manuscript:admin` / `manuscript:edit` / `productJournal:list` (journal editors pick manuscripts),
 *   the submitter, or the manuscript's department (work or own). A file attached to nothing: the uploader only.
 */
export const filePolicy: PolicyRules = ({ can }, user) => {
  const held = (code: string) => user.permissions.includes(code);
  if (held('storage:list')) can(['claim', 'read'], FILE);
  can(['claim', 'read', 'delete'], FILE, { handlerId: user.userId });
  if (held('storage:del')) can('delete', FILE);
  can('read', FILE, { formType: 'product' });
  if (held('productJournal:list')) can('read', FILE, { formType: 'journal' });
  if (held('productSetting:list')) can('read', FILE, { formType: 'report' });
  if (held('manuscript:admin') || held('manuscript:edit') || held('productJournal:list')) can('read', FILE, { formType: 'manuscript' });
  can('read', FILE, { formType: 'manuscript', 'manuscript.createById': user.userId });
  const depts = [user.workDeptId, user.deptId].filter((d): d is number => d != null);
  if (depts.length) can('read', FILE, { formType: 'manuscript', 'manuscript.deptId': { $in: depts } });
};
