import { ADMIN_PERMISSION, hasAnyPermission } from './principal.js';

describe('hasAnyPermission', () => {
  const user = (permissions: string[], isAdmin = false) => ({ isAdmin, permissions });

  it('lets an administrator through every check, even one with no codes', () => {
    expect(hasAnyPermission(user([], true), ['user:list'])).toBe(true);
    expect(hasAnyPermission(user([], true), [])).toBe(true);
    expect(hasAnyPermission(user([ADMIN_PERMISSION]), ['news:judge'])).toBe(true);
    expect(hasAnyPermission(user([ADMIN_PERMISSION]), [])).toBe(true);
  });

  it('needs any one of the codes otherwise', () => {
    expect(hasAnyPermission(user(['user:list']), ['user:list'])).toBe(true);
    expect(hasAnyPermission(user(['job:list']), ['user:list', 'job:list'])).toBe(true);
    expect(hasAnyPermission(user(['user:list']), ['user:add'])).toBe(false);
    expect(hasAnyPermission(user([]), ['user:list'])).toBe(false);
  });

  it('treats an empty code list as admin only', () => {
    expect(hasAnyPermission(user(['user:list', 'user:add']), [])).toBe(false);
  });

  it('matches codes exactly', () => {
    expect(hasAnyPermission(user(['user']), ['user:list'])).toBe(false);
    expect(hasAnyPermission(user(['User:List']), ['user:list'])).toBe(false);
    expect(hasAnyPermission(user(['user:list ']), ['user:list'])).toBe(false);
  });
});
