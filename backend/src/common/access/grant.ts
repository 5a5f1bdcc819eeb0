import type { DataSource, EntityManager } from 'typeorm';
import { ADMIN_PERMISSION, type Principal } from '../auth/principal.js';
import { holds, isAdministrator } from './ability.js';
import { DomainException, ErrorCode } from '../errors/domain.exception.js';
import { deptWithDescendants } from './data-scope.js';

/**
 * Granting rules (issue 12): nobody hands out more than they hold. A non-administrator may give a
 * role to a user, or fill a role with menus, only when they hold every permission the role's menus
 * carry and the role's data scope lies inside their own; the `admin` permission and the data scope
 * 全部 stay with those who have them. The role level rule (`assertLevel`) and "not your own roles"
 * apply besides.
 */

/** The permission codes a menu's `permission` field carries (comma-separated, as the principal reads them). */
export function permissionCodes(permission: string | null | undefined): string[] {
  return (permission ?? '')
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
}

/** Does the field carry the exact code `admin`? */
export function carriesAdmin(permission: string | null | undefined): boolean {
  return permissionCodes(permission).includes(ADMIN_PERMISSION);
}

export const ADMIN_MENU_MESSAGE = '只有管理员可以创建、修改或分配带 admin 权限的菜单';
export const OWN_ROLES_MESSAGE = '不能修改自己的角色';
export const ALL_SCOPE_MESSAGE = '只有数据权限为全部的用户才能设置或授予数据权限为全部的角色';
export const OUT_OF_SCOPE_MESSAGE = '不能设置或授予超出自己数据权限范围的部门';

/** Only an administrator creates, edits or assigns a menu carrying `admin`. */
export function assertAdminMenuAllowed(principal: Principal, ...permissions: Array<string | null | undefined>): void {
  if (isAdministrator(principal.ability)) return;
  if (permissions.some(carriesAdmin)) throw DomainException.forbidden(ADMIN_MENU_MESSAGE, ErrorCode.Forbidden);
}

export const GRANT_MISSING_PREFIX = '不能授予自己没有的权限';
export const RESET_MISSING_PREFIX = '不能重置拥有你没有的权限的用户的密码';
export const ADMIN_TARGET_MESSAGE = '只有管理员可以修改、删除或重置管理员账号';

/**
 * The caller must hold every code the menus carry: 403 `<prefix>：a、b` (default
 * `不能授予自己没有的权限：a、b`).
 */
export function assertHoldsPermissions(principal: Principal, permissions: Array<string | null | undefined>, prefix = GRANT_MISSING_PREFIX): void {
  if (isAdministrator(principal.ability)) return;
  assertAdminMenuAllowed(principal, ...permissions);
  const missing = [...new Set(permissions.flatMap(permissionCodes))].filter((code) => !holds(principal.ability, code)).sort();
  if (missing.length) throw DomainException.forbidden(`${prefix}：${missing.join('、')}`, ErrorCode.Forbidden);
}

/** An administrator account (flag or `admin` permission) is changed only by an administrator. */
export function assertNotAdminTarget(principal: Principal, target: { isAdmin: boolean }): void {
  if (!isAdministrator(principal.ability) && target.isAdmin) throw DomainException.forbidden(ADMIN_TARGET_MESSAGE, ErrorCode.Forbidden);
}

/** What of a role's data scope matters for granting it. */
export interface GrantedScope {
  dataScope: string;
  deptIds: number[];
}

/**
 * The role's data scope must lie inside the caller's: 全部 only from a caller who sees all
 * departments; 自定义 only over departments (with their descendants) the caller sees. 本级 is
 * relative to the user holding the role, whose department the user rules already keep in scope.
 */
export async function assertScopeWithin(db: DataSource | EntityManager, principal: Principal, role: GrantedScope): Promise<void> {
  const mine = principal.dataScope;
  if (mine === null) return;
  if (role.dataScope === '全部') throw DomainException.forbidden(ALL_SCOPE_MESSAGE, ErrorCode.Forbidden);
  if (role.dataScope !== '自定义' || !role.deptIds.length) return;
  const covered = await deptWithDescendants(db, role.deptIds);
  if (covered.some((id) => !mine.includes(id))) throw DomainException.forbidden(OUT_OF_SCOPE_MESSAGE, ErrorCode.Forbidden);
}
