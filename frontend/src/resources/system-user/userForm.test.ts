import { describe, expect, it } from 'vitest';
import type { User } from '../types';
import { emptyUserForm, formValuesToUser, sortRoles, userToFormValues, userWithEnabled, validateUserForm } from './userForm';

const user = {
  id: 7,
  username: 'zhangsan',
  nickName: '张三',
  email: 'zs@horizon.cn',
  phone: '13800138000',
  gender: '女',
  enabled: true,
  dept: { id: 3, name: '研发部' },
  roles: [{ id: 2, name: '普通用户', level: 2, dataScope: '本级' }],
  jobs: [{ id: 8, name: '开发' }],
  createTime: '2024-01-01 10:00:00',
} as User;

const valid = { ...userToFormValues(user) };

describe('user form mapping', () => {
  it('flattens relations to ids and the flag to a radio string', () => {
    expect(userToFormValues(user)).toEqual({
      id: 7,
      username: 'zhangsan',
      nickName: '张三',
      phone: '13800138000',
      email: 'zs@horizon.cn',
      gender: '女',
      enabled: 'true',
      deptId: 3,
      jobIds: [8],
      roleIds: [2],
    });
  });

  it('sends relations as id stubs and only the copied fields', () => {
    expect(formValuesToUser({ ...valid, username: ' zhangsan ', enabled: 'false' })).toEqual({
      id: 7,
      username: 'zhangsan',
      nickName: '张三',
      phone: '13800138000',
      email: 'zs@horizon.cn',
      gender: '女',
      enabled: false,
      dept: { id: 3 },
      jobs: [{ id: 8 }],
      roles: [{ id: 2 }],
    });
  });

  it('omits the id when creating', () => {
    const created = formValuesToUser({ ...emptyUserForm, deptId: 1, jobIds: [1], roleIds: [2] });
    expect(created).not.toHaveProperty('id');
    expect(created.enabled).toBe(true);
    expect(created.gender).toBe('男');
  });

  it('toggles enabled on a list row without losing the relations', () => {
    const body = userWithEnabled(user, false);
    expect(body).toMatchObject({ id: 7, enabled: false, dept: { id: 3 }, roles: [{ id: 2 }], jobs: [{ id: 8 }] });
    expect(body).not.toHaveProperty('createTime');
  });
});

describe('validateUserForm', () => {
  it('accepts a complete user', () => {
    expect(validateUserForm(valid)).toEqual({});
  });

  it('requires the fields eladmin requires', () => {
    const errors = validateUserForm(emptyUserForm);
    expect(Object.keys(errors).sort()).toEqual(['deptId', 'email', 'jobIds', 'nickName', 'phone', 'roleIds', 'username']);
    expect(errors.phone).toBe('请输入电话号码');
  });

  it('checks the phone pattern ^1[34578]\\d{9}$', () => {
    expect(validateUserForm({ ...valid, phone: '16612345678' }).phone).toBe('请输入正确的11位手机号码');
    expect(validateUserForm({ ...valid, phone: '1381234567' }).phone).toBe('请输入正确的11位手机号码');
    expect(validateUserForm({ ...valid, phone: '15912345678' }).phone).toBeUndefined();
  });

  it('checks the e-mail format', () => {
    expect(validateUserForm({ ...valid, email: 'zs@' }).email).toBe('请输入正确的邮箱地址');
  });

  it('limits username and nickname to 2–20 characters', () => {
    expect(validateUserForm({ ...valid, username: 'a' }).username).toBe('长度在 2 到 20 个字符');
    expect(validateUserForm({ ...valid, nickName: 'x'.repeat(21) }).nickName).toBe('长度在 2 到 20 个字符');
  });
});

describe('sortRoles', () => {
  it('orders roles by level, then id, without touching the input', () => {
    const roles = [
      { id: 5, name: '审校', level: 2 },
      { id: 1, name: '管理员', level: 1 },
      { id: 3, name: '普通用户', level: 2 },
      { id: 9, name: '未定级' },
    ];
    expect(sortRoles(roles).map((r) => r.id)).toEqual([1, 3, 5, 9]);
    expect(roles[0].id).toBe(5);
    expect(sortRoles(undefined)).toEqual([]);
  });
});
