/** The authenticated caller, resolved once per request by the access guard. */
export interface Principal {
  userId: number;
  username: string;
  sessionId: string;
  isAdmin: boolean;
  /** Permission codes (menu permissions over the user's roles); ['admin'] for administrators. */
  permissions: string[];
  deptId: number | null;
  /**
   * The department whose news work the user shares (news-tracking §4): the parent department, unless
   * the department or its parent id is 0 (or it has no parent) — then the own department.
   */
  workDeptId: number | null;
  /** Dept ids the user may see; `null` = all departments. */
  dataScope: number[] | null;
  /** Highest rank over the user's roles (smallest level number). */
  level: number;
  /** The account still has an initial password: only the calls that change it are allowed. */
  passwordChangeRequired: boolean;
}

export const ADMIN_PERMISSION = 'admin';

/** eladmin's `@el.check`: admin passes; otherwise any one of the codes. No codes = admin only. */
export function hasAnyPermission(principal: Pick<Principal, 'isAdmin' | 'permissions'>, codes: readonly string[]): boolean {
  if (principal.isAdmin || principal.permissions.includes(ADMIN_PERMISSION)) return true;
  return codes.some((c) => principal.permissions.includes(c));
}

/** The spec's rule for the work department from a department and its parent. */
export function workDeptOf(deptId: number | null, pid: number | null | undefined): number | null {
  if (deptId == null) return null;
  if (deptId === 0 || pid == null || pid === 0) return deptId;
  return pid;
}
