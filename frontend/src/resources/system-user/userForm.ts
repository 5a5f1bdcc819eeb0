import type { Gender, User } from '../types';
import { type FormErrors, isBlank, isEmail, isPhone } from '../shared/validation';

/** Flat form model of the user dialog; relations become ids and `enabled` a radio string. */
export interface UserFormValues {
  id?: number;
  username: string;
  nickName: string;
  phone: string;
  email: string;
  gender: Gender;
  enabled: 'true' | 'false';
  deptId: number | null;
  jobIds: number[];
  roleIds: number[];
}

/** PUT/POST body: the fields the API copies, relations as id stubs. */
export interface UserPayload {
  id?: number;
  username: string;
  nickName: string;
  phone: string;
  email: string;
  gender: Gender;
  enabled: boolean;
  dept: { id: number } | null;
  jobs: Array<{ id: number }>;
  roles: Array<{ id: number }>;
}

export const emptyUserForm: UserFormValues = {
  username: '',
  nickName: '',
  phone: '',
  email: '',
  gender: '男',
  enabled: 'true',
  deptId: null,
  jobIds: [],
  roleIds: [],
};

export function userToFormValues(user: User): UserFormValues {
  return {
    id: user.id,
    username: user.username ?? '',
    nickName: user.nickName ?? '',
    phone: user.phone ?? '',
    email: user.email ?? '',
    gender: user.gender === '女' ? '女' : '男',
    enabled: user.enabled ? 'true' : 'false',
    deptId: user.dept?.id ?? null,
    jobIds: (user.jobs ?? []).map((j) => j.id),
    roleIds: (user.roles ?? []).map((r) => r.id),
  };
}

export function formValuesToUser(values: UserFormValues): UserPayload {
  const payload: UserPayload = {
    username: values.username.trim(),
    nickName: values.nickName.trim(),
    phone: values.phone.trim(),
    email: values.email.trim(),
    gender: values.gender,
    enabled: String(values.enabled) === 'true',
    dept: values.deptId === null || values.deptId === undefined ? null : { id: Number(values.deptId) },
    jobs: (values.jobIds ?? []).map((id) => ({ id: Number(id) })),
    roles: (values.roleIds ?? []).map((id) => ({ id: Number(id) })),
  };
  return values.id === undefined || values.id === null ? payload : { id: values.id, ...payload };
}

/** The PUT body of a list row with `enabled` switched. */
export const userWithEnabled = (user: User, enabled: boolean): UserPayload & { id: number } =>
  ({ ...formValuesToUser(userToFormValues(user)), enabled }) as UserPayload & { id: number };

/** Form-level validation of the user dialog (messages shown under the fields). */
export function validateUserForm(values: Partial<UserFormValues>): FormErrors<keyof UserFormValues> {
  const errors: FormErrors<keyof UserFormValues> = {};
  const username = (values.username ?? '').trim();
  if (!username) errors.username = '请输入用户名';
  else if (username.length < 2 || username.length > 20) errors.username = '长度在 2 到 20 个字符';
  const nickName = (values.nickName ?? '').trim();
  if (!nickName) errors.nickName = '请输入用户昵称';
  else if (nickName.length < 2 || nickName.length > 20) errors.nickName = '长度在 2 到 20 个字符';
  if (isBlank(values.phone)) errors.phone = '请输入电话号码';
  else if (!isPhone(values.phone)) errors.phone = '请输入正确的11位手机号码';
  if (isBlank(values.email)) errors.email = '请输入邮箱地址';
  else if (!isEmail(values.email)) errors.email = '请输入正确的邮箱地址';
  if (values.deptId === null || values.deptId === undefined) errors.deptId = '部门不能为空';
  if (isBlank(values.jobIds)) errors.jobIds = '岗位不能为空';
  if (isBlank(values.roleIds)) errors.roleIds = '角色不能为空';
  return errors;
}

/** Roles by rank (level, then id): the API does not promise an order, the chips should not jump. */
export function sortRoles<R extends { id: number; level?: number | null }>(roles: readonly R[] | null | undefined): R[] {
  return [...(roles ?? [])].sort((a, b) => (a.level ?? Infinity) - (b.level ?? Infinity) || a.id - b.id);
}
