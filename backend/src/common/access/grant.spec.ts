import type { Principal } from '../auth/principal.js';
import { testPrincipal } from '../auth/principal.testing.js';
import { assertAdminMenuAllowed, assertHoldsPermissions, carriesAdmin, permissionCodes } from './grant.js';

const principal = (permissions: string[], isAdmin = false): Principal => testPrincipal({
  userId: 9,
  username: 'u',
  sessionId: 's',
  isAdmin,
  permissions,
  deptId: 3,
  workDeptId: 3,
  dataScope: isAdmin ? null : [3],
  level: 2,
  passwordChangeRequired: false,
});

describe('granting rules', () => {
  it('reads a menu permission field as the principal does: comma-separated, trimmed', () => {
    expect(permissionCodes(' user:list , user:add,,')).toEqual(['user:list', 'user:add']);
    expect(permissionCodes(null)).toEqual([]);
    expect(carriesAdmin('user:list, admin')).toBe(true);
    expect(carriesAdmin(' admin ')).toBe(true);
    expect(carriesAdmin('administrator,Admin')).toBe(false);
  });

  it('keeps admin menus to administrators', () => {
    expect(() => assertAdminMenuAllowed(principal(['menu:add']), 'user:list', 'x,admin')).toThrow(expect.objectContaining({ status: 403, message: '只有管理员可以创建、修改或分配带 admin 权限的菜单' }));
    expect(() => assertAdminMenuAllowed(principal(['menu:add']), 'user:list', null)).not.toThrow();
    expect(() => assertAdminMenuAllowed(principal([], true), 'admin')).not.toThrow();
  });

  it('names every code the caller lacks, sorted', () => {
    const p = principal(['user:edit', 'menu:add']);
    expect(() => assertHoldsPermissions(p, ['user:edit', 'user:del,roles:add', null, 'user:del'])).toThrow(
      expect.objectContaining({ status: 403, code: 'FORBIDDEN', message: '不能授予自己没有的权限：roles:add、user:del' }),
    );
    expect(() => assertHoldsPermissions(p, ['user:edit', 'menu:add, user:edit', null])).not.toThrow();
    expect(() => assertHoldsPermissions(principal([], true), ['anything'])).not.toThrow();
  });
});
