import type { PolicyRules } from '../../common/access/ability.js';

/** CASL subject of a department's news desk (its per-department state of the items: `record(DESK, { deptId })`). */
export const DESK = 'DeptDesk';

/**
 * Which department desks a user reads and writes (news-tracking §4):
 * - read: the work department, the own department, and every department of the data scope (全部 = all);
 * - update (classify, keywords, translation, submissions): only the work or the own department —
 *   administrators included (`cannot` takes the other desks back from `manage all`).
 */
export const newsPolicy: PolicyRules = ({ can, cannot }, user) => {
  const own = [user.workDeptId, user.deptId].filter((d): d is number => d != null);
  if (own.length) can('read', DESK, { deptId: { $in: own } });
  if (user.dataScope === null) can('read', DESK);
  else if (user.dataScope.length) can('read', DESK, { deptId: { $in: [...user.dataScope] } });
  if (own.length) can('update', DESK, { deptId: { $in: own } });
  cannot('update', DESK, { deptId: { $nin: own } });
};
