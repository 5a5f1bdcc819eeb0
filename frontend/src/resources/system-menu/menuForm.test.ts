import { describe, expect, it } from 'vitest';
import type { Menu } from '../types';
import { emptyMenuForm, formValuesToMenu, menuToFormValues, menuTypeName, validateMenuForm, visibleMenuFields } from './menuForm';

const menu = {
  id: 2,
  pid: 1,
  type: 1,
  title: '用户管理',
  componentName: 'User',
  component: 'system/user/index',
  path: 'user',
  menuSort: 2,
  icon: 'peoples',
  permission: 'user:list',
  cache: false,
  hidden: false,
  iFrame: false,
  module: 'system',
} as Menu;

describe('visibleMenuFields', () => {
  it('buttons only carry a permission (plus title, sort and parent)', () => {
    expect([...visibleMenuFields('2', false)]).toEqual(['permission']);
  });

  it('directories have route fields but no component and no permission', () => {
    const fields = visibleMenuFields(0, false);
    expect(fields.has('path')).toBe(true);
    expect(fields.has('component')).toBe(false);
    expect(fields.has('permission')).toBe(false);
    expect(fields.has('cache')).toBe(false);
  });

  it('menus have a component unless they are external links', () => {
    expect(visibleMenuFields('1', 'false').has('component')).toBe(true);
    expect(visibleMenuFields('1', 'true').has('component')).toBe(false);
    expect(visibleMenuFields('1', true).has('cache')).toBe(true);
  });
});

describe('menu form mapping', () => {
  it('round-trips a menu', () => {
    expect(formValuesToMenu(menuToFormValues(menu))).toEqual(menu);
  });

  it('clears the fields a button does not have', () => {
    const body = formValuesToMenu({ ...menuToFormValues(menu), type: '2', cache: 'true', hidden: 'true' });
    expect(body).toMatchObject({ type: 2, path: null, component: null, componentName: null, icon: null, module: null });
    expect(body).toMatchObject({ permission: 'user:list', cache: false, hidden: false, iFrame: false, pid: 1 });
  });

  it('a new top-level directory has pid null and no id', () => {
    const body = formValuesToMenu({ ...emptyMenuForm, title: '系统管理', path: 'system' });
    expect(body.pid).toBeNull();
    expect(body).not.toHaveProperty('id');
    expect(body.type).toBe(0);
  });

  it('names the types', () => {
    expect([0, 1, 2].map(menuTypeName)).toEqual(['目录', '菜单', '按钮']);
  });
});

describe('validateMenuForm', () => {
  it('accepts a valid menu', () => {
    expect(validateMenuForm(menuToFormValues(menu))).toEqual({});
  });

  it('requires a title and a route for non-buttons', () => {
    const errors = validateMenuForm({ ...emptyMenuForm });
    expect(errors.title).toBe('请输入菜单标题');
    expect(errors.path).toBe('请输入路由地址');
    expect(validateMenuForm({ ...emptyMenuForm, type: '2' })).toEqual({ title: '请输入按钮名称' });
  });

  it('external links must be http(s) URLs', () => {
    const values = { ...menuToFormValues(menu), iFrame: 'true' as const };
    expect(validateMenuForm(values).path).toBe('外链必须以 http:// 或者 https:// 开头');
    expect(validateMenuForm({ ...values, path: 'https://example.com' }).path).toBeUndefined();
  });

  it('a menu cannot be its own parent', () => {
    expect(validateMenuForm({ ...menuToFormValues(menu), pid: 2 }).pid).toBe('上级类目不能为自己');
  });
});
