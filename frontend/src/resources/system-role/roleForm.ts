import type { DataScope, Role } from '../types';
import { type FormErrors, isBlank } from '../shared/validation';

export const DATA_SCOPES: DataScope[] = ['全部', '本级', '自定义'];

export interface RoleFormValues {
  id?: number;
  name: string;
  level: number | string;
  dataScope: DataScope;
  description: string;
  depts: Array<{ id: number }>;
}

export interface RolePayload {
  id?: number;
  name: string;
  level: number;
  dataScope: DataScope;
  description: string;
  depts: Array<{ id: number }>;
}

/** eladmin's form default is 全部 and level 3. */
export const emptyRoleForm: RoleFormValues = { name: '', level: 3, dataScope: '全部', description: '', depts: [] };

export const roleToFormValues = (role: Role): RoleFormValues => ({
  id: role.id,
  name: role.name ?? '',
  level: role.level ?? 3,
  dataScope: role.dataScope ?? '本级',
  description: role.description ?? '',
  depts: (role.depts ?? []).map((d) => ({ id: d.id })),
});

/** Chosen depts only travel with the custom scope. Menus are saved apart (`PUT api/roles/menu`). */
export function formValuesToRole(values: RoleFormValues): RolePayload {
  const payload: RolePayload = {
    name: values.name.trim(),
    level: Number(values.level),
    dataScope: values.dataScope,
    description: (values.description ?? '').trim(),
    depts: values.dataScope === '自定义' ? (values.depts ?? []).map((d) => ({ id: Number(d.id) })) : [],
  };
  return values.id === undefined || values.id === null ? payload : { id: values.id, ...payload };
}

/**
 * @param myLevel the current user's rank (smallest level); a role cannot be ranked above it.
 */
export function validateRoleForm(values: Partial<RoleFormValues>, myLevel?: number): FormErrors<keyof RoleFormValues> {
  const errors: FormErrors<keyof RoleFormValues> = {};
  if (isBlank(values.name)) errors.name = '请输入名称';
  const level = Number(values.level);
  if (isBlank(values.level) || !Number.isInteger(level) || level < 1) errors.level = '请输入不小于 1 的整数';
  else if (myLevel !== undefined && level < myLevel) errors.level = `你的角色级别为 ${myLevel}，不能设置更高的级别`;
  if (!values.dataScope || !DATA_SCOPES.includes(values.dataScope)) errors.dataScope = '请选择数据范围';
  else if (values.dataScope === '自定义' && isBlank(values.depts)) errors.depts = '请选择数据权限';
  return errors;
}
