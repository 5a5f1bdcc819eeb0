import { describe, expect, it } from 'vitest';
import type { Role } from '../types';
import { emptyRoleForm, formValuesToRole, roleToFormValues, validateRoleForm } from './roleForm';

const role = {
  id: 2,
  name: '普通用户',
  level: 2,
  dataScope: '自定义',
  description: '只读',
  menus: [{ id: 1 }, { id: 5 }],
  depts: [{ id: 3, name: '研发部' }],
} as Role;

describe('role form mapping', () => {
  it('keeps depts as stubs and leaves menus to the menu panel', () => {
    const body = formValuesToRole(roleToFormValues(role));
    expect(body).toEqual({ id: 2, name: '普通用户', level: 2, dataScope: '自定义', description: '只读', depts: [{ id: 3 }] });
    expect(body).not.toHaveProperty('menus');
  });

  it('drops chosen depts unless the scope is custom', () => {
    expect(formValuesToRole({ ...roleToFormValues(role), dataScope: '全部' }).depts).toEqual([]);
  });

  it('parses the level and omits the id on create', () => {
    const body = formValuesToRole({ ...emptyRoleForm, name: ' 编辑 ', level: '4' });
    expect(body).toEqual({ name: '编辑', level: 4, dataScope: '全部', description: '', depts: [] });
  });
});

describe('validateRoleForm', () => {
  it('accepts a valid role', () => {
    expect(validateRoleForm(roleToFormValues(role), 1)).toEqual({});
  });

  it('requires a name and a positive integer level', () => {
    const errors = validateRoleForm({ ...emptyRoleForm, level: 0 });
    expect(errors.name).toBe('请输入名称');
    expect(errors.level).toBe('请输入不小于 1 的整数');
    expect(validateRoleForm({ ...emptyRoleForm, name: 'x', level: 1.5 }).level).toBeDefined();
  });

  it('refuses a level above the current user rank', () => {
    expect(validateRoleForm({ ...roleToFormValues(role), level: 1 }, 2).level).toBe('你的角色级别为 2，不能设置更高的级别');
    expect(validateRoleForm({ ...roleToFormValues(role), level: 3 }, 2).level).toBeUndefined();
  });

  it('needs depts for the custom scope', () => {
    expect(validateRoleForm({ ...roleToFormValues(role), depts: [] }).depts).toBe('请选择数据权限');
    expect(validateRoleForm({ ...roleToFormValues(role), dataScope: '本级', depts: [] }).depts).toBeUndefined();
  });
});
