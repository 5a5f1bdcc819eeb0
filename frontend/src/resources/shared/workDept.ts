// The work department of a user: where news and manuscript work is sent (news and manuscripts ask it).

/** A department stub as `auth/info` answers it (`pid` may be missing on older servers). */
export interface DeptRef {
  id: number;
  pid?: number | null;
}

/**
 * The department a user's translation work lives in (spec §4/§6: "the department sent for review is
 * the parent department unless the department or its parent id is 0"): the parent department;
 * the user's own department when the department id is 0, the parent id is 0, or there is no parent
 * (a top-level department, or an older server that does not send `pid`). undefined without a department.
 */
export function workDeptId(user: { dept?: DeptRef | null } | null | undefined): number | undefined {
  const dept = user?.dept;
  if (!dept || typeof dept.id !== 'number') return undefined;
  const pid = dept.pid;
  if (dept.id === 0 || pid === 0 || pid === null || pid === undefined) return dept.id;
  return pid;
}
