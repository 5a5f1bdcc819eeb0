import type { PolicyRules } from '../../common/access/ability.js';

/**
 * CASL subject of a department inside or outside the caller's data scope (`record(SCOPED_DEPT, { deptId })`):
 * the departments the caller manages, and the users of those departments.
 */
export const SCOPED_DEPT = 'ScopedDept';

/**
 * Data scope (roles' 全部 / 本级 / 自定义): the departments of `dataScope` (null = all). A record without a
 * department (`deptId` null) is inside only an unrestricted scope. Administrators (`manage all`) see all.
 */
export const deptPolicy: PolicyRules = ({ can }, user) => {
  if (user.dataScope === null) can('manage', SCOPED_DEPT);
  else if (user.dataScope.length) can('manage', SCOPED_DEPT, { deptId: { $in: [...user.dataScope] } });
};
