import { unpackRules } from '@casl/ability/extra';
import { createMongoAbility } from '@casl/ability';
import { type AbilityUser, canAnyPermission, defineAbility, holds, isAdministrator, packAbility, record } from './ability.js';
import { ADMIN_PERMISSION, isPermission, type Permission, PERMISSIONS } from './permission.js';

const user = (permissions: string[], isAdmin = false): AbilityUser => ({ userId: 7, isAdmin, permissions, deptId: 3, workDeptId: 2, dataScope: [3], deptChain: [3, 2] });
const check = (u: AbilityUser, codes: string[]) => canAnyPermission(defineAbility(u, []), codes as Permission[]);

describe('canAnyPermission (what @RequirePermissions asks)', () => {
  it('lets administrators do anything, marked by the flag or by the admin code', () => {
    expect(check(user([], true), ['user:list'])).toBe(true);
    expect(check(user([], true), [])).toBe(true);
    expect(check(user([ADMIN_PERMISSION]), ['news:judge'])).toBe(true);
    expect(check(user([ADMIN_PERMISSION]), [])).toBe(true);
  });

  it('passes with any one of the codes', () => {
    expect(check(user(['user:list']), ['user:list'])).toBe(true);
    expect(check(user(['job:list']), ['user:list', 'job:list'])).toBe(true);
    expect(check(user(['user:list']), ['user:add'])).toBe(false);
    expect(check(user([]), ['user:list'])).toBe(false);
  });

  it('keeps a handler with no codes for administrators', () => {
    expect(check(user(['user:list', 'user:add']), [])).toBe(false);
  });

  it('matches codes exactly (no prefix, case or whitespace tolerance)', () => {
    expect(check(user(['user']), ['user:list'])).toBe(false);
    expect(check(user(['User:List']), ['user:list'])).toBe(false);
    expect(check(user(['user:list ']), ['user:list'])).toBe(false);
  });
});

describe('defineAbility', () => {
  it('keeps codes that would read as CASL wildcards opaque', () => {
    const ability = defineAbility(user(['news:manage', 'all:list', 'user']), []);
    expect(ability.can('list', 'news')).toBe(false);
    expect(ability.can('list', 'user')).toBe(false);
    expect(holds(ability, 'news:manage')).toBe(true);
    expect(holds(ability, 'all:list')).toBe(true);
    expect(holds(ability, 'user')).toBe(true);
    expect(isAdministrator(ability)).toBe(false);
  });

  it('turns a code into can(action, subject)', () => {
    const ability = defineAbility(user(['manuscript:edit']), []);
    expect(ability.can('edit', 'manuscript')).toBe(true);
    expect(ability.can('del', 'manuscript')).toBe(false);
    expect(ability.can('edit', 'news')).toBe(false);
  });

  it('adds the record rules of the policies, evaluated against the record', () => {
    const ability = defineAbility(user([]), [({ can }, u) => can('update', 'Manuscript', { createById: u.userId })]);
    expect(ability.can('update', record('Manuscript', { createById: 7 }))).toBe(true);
    expect(ability.can('update', record('Manuscript', { createById: 8 }))).toBe(false);
  });

  it('lets a policy take a right back from an administrator with cannot', () => {
    const ability = defineAbility(user([], true), [({ cannot }, u) => cannot('review', 'Translation', { editorId: u.userId })]);
    expect(ability.can('review', record('Translation', { editorId: 7 }))).toBe(false);
    expect(ability.can('review', record('Translation', { editorId: 8 }))).toBe(true);
  });

  it('packs rules the browser unpacks into the same answers', () => {
    const ability = defineAbility(user(['news:list']), [({ can }, u) => can('read', 'Manuscript', { deptId: u.workDeptId })]);
    const browser = createMongoAbility(unpackRules(packAbility(ability)));
    expect(browser.can('list', 'news')).toBe(true);
    expect(browser.can('read', record('Manuscript', { deptId: 2 }))).toBe(true);
    expect(browser.can('read', record('Manuscript', { deptId: 9 }))).toBe(false);
  });
});

describe('the permission vocabulary', () => {
  it('is sorted, unique and made of subject:action codes', () => {
    expect([...PERMISSIONS].sort()).toEqual(PERMISSIONS);
    expect(new Set(PERMISSIONS).size).toBe(PERMISSIONS.length);
    for (const code of PERMISSIONS) expect(code).toMatch(/^[a-zA-Z]+:[a-z]+$/);
    expect(isPermission('news:list')).toBe(true);
    expect(isPermission(ADMIN_PERMISSION)).toBe(false);
    expect(isPermission('news:lists')).toBe(false);
  });
});
