// Client-side permission rules (the server stays authoritative; these only hide what a user cannot do).
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
//   monitor/online, monitor/logs  admin only
//
// An action outside this table on a listed resource needs admin. A resource outside the table has
// no client rule (allowed; the server decides).

export const ADMIN = 'admin';
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

/** True when the user is admin or holds `perm`. */
export function can(roles: readonly string[], perm: string): boolean {
  return roles.includes(ADMIN) || roles.includes(perm);
}

/** True when the user is admin or holds any of `perms` (the `v-permission` check). */
export function canAny(roles: readonly string[], perms: readonly string[]): boolean {
  return roles.includes(ADMIN) || perms.some((perm) => roles.includes(perm));
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

export function canAccess(roles: readonly string[], resource: string, action: string): boolean {
  const perm = permissionFor(resource, action);
  return perm === null || can(roles, perm);
}
