import type { AppAbility } from '../access/ability.js';
export { ADMIN_PERMISSION } from '../access/permission.js';

/** The authenticated caller, resolved once per request by the Passport `jwt` strategy. */
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
  /** The department followed by its ancestors, walking `pid` up (empty without a department). */
  deptChain: number[];
  /** Highest rank over the user's roles (smallest level number). */
  level: number;
  /** The account still has an initial password: only the calls that change it are allowed. */
  passwordChangeRequired: boolean;
  /**
   * What the caller may do (CASL): permission codes as `can(action, subject)` plus the modules' record
   * rules. Every access decision asks it: `principal.ability.can('update', record('Manuscript', row))`.
   */
  ability: AppAbility;
}

/** The spec's rule for the work department from a department and its parent. */
export function workDeptOf(deptId: number | null, pid: number | null | undefined): number | null {
  if (deptId == null) return null;
  if (deptId === 0 || pid == null || pid === 0) return deptId;
  return pid;
}
