// Client-side permission rules (the server stays authoritative; these only hide what a user cannot do).
// Every answer is a CASL question on the user's ability (./ability.ts), the same one the server asks.
//
// The roles array of `auth/info` holds permission codes (`user:list`, ...) or `admin`, which passes
// every check. react-admin actions on a resource map to codes as follows:
//
//   resource        code prefix   list / show / export / read   create / clone   edit / write   delete
//   system/user     user          user:list                     user:add         user:edit      user:del
//   system/role     roles         roles:list                    roles:add        roles:edit     roles:del
//   system/menu     menu          menu:list                     menu:add         menu:edit      menu:del
//   system/dept     dept          dept:list                     dept:add         dept:edit      dept:del
//   system/job      job           job:list                      job:add          job:edit       job:del
//   system/dict     dict          dict:list                     dict:add         dict:edit      dict:del
//   system/mt       mt            mt:list                       mt:add           mt:edit        mt:del
//   system/theme    newsTheme     newsTheme:list                newsTheme:add    newsTheme:edit newsTheme:del
//   system/classify newsClassify  newsClassify:list             newsClassify:add …:edit         …:del
//   monitor/online, monitor/logs  admin only
//
// An action outside this table on a listed resource needs admin. A resource outside the table has
// no client rule (allowed; the server decides).

import { abilityFromCodes, ADMIN, type AppAbility, holds } from './ability';

export { ADMIN };
/** What `getPermissions` answers for a user without any permission (eladmin convention). */
export const DEFAULT_ROLE = 'ROLE_SYSTEM_DEFAULT';

export const PERMISSION_PREFIX: Record<string, string> = {
  'system/user': 'user',
  'system/role': 'roles',
  'system/menu': 'menu',
  'system/dept': 'dept',
  'system/job': 'job',
  'system/dict': 'dict',
  'system/mt': 'mt',
  'system/theme': 'newsTheme',
  'system/classify': 'newsClassify',
};

export const ADMIN_ONLY_RESOURCES = ['monitor/online', 'monitor/logs'];

const ACTION_SUFFIX: Record<string, string> = {
  list: 'list',
  show: 'list',
  read: 'list',
  export: 'list',
  create: 'add',
  clone: 'add',
  edit: 'edit',
  write: 'edit',
  delete: 'del',
};

/** The ability of a user given as permission codes, or the ability itself. */
const abilityOf = (who: readonly string[] | AppAbility): AppAbility => (Array.isArray(who) ? abilityFromCodes(who as readonly string[]) : (who as AppAbility));

/** True when the user is admin or holds `perm`. */
export function can(who: readonly string[] | AppAbility, perm: string): boolean {
  return holds(abilityOf(who), perm);
}

/** True when the user is admin or holds any of `perms` (the `v-permission` check). */
export function canAny(who: readonly string[] | AppAbility, perms: readonly string[]): boolean {
  const ability = abilityOf(who);
  return holds(ability, ADMIN) || perms.some((perm) => holds(ability, perm));
}

/**
 * The permission code a react-admin action needs, `admin` when only admins may, or `null` when the
 * client has no rule. Field-level resources (`system/user.email`) follow their resource.
 */
export function permissionFor(resource: string, action: string): string | null {
  const base = resource.split('.')[0];
  if (ADMIN_ONLY_RESOURCES.includes(base)) return ADMIN;
  const prefix = PERMISSION_PREFIX[base];
  if (!prefix) return null;
  const suffix = ACTION_SUFFIX[action];
  return suffix ? `${prefix}:${suffix}` : ADMIN;
}

/** react-admin's access question (authProvider.canAccess), asked of the user's ability. */
export function canAccess(who: readonly string[] | AppAbility, resource: string, action: string): boolean {
  const perm = permissionFor(resource, action);
  return perm === null || can(who, perm);
}
