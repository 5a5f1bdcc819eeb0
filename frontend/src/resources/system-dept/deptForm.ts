import type { Dept } from '../types';
import { type FormErrors, isBlank } from '../shared/validation';

/** `isTop` is UI only (eladmin): when 是, the dept is saved with `pid: null`. */
export interface DeptFormValues {
  id?: number;
  name: string;
  deptSort: number | string;
  isTop: '1' | '0';
  pid: number | null;
  enabled: 'true' | 'false';
}

export interface DeptPayload {
  id?: number;
  name: string;
  deptSort: number;
  enabled: boolean;
  pid: number | null;
}

export const emptyDeptForm: DeptFormValues = { name: '', deptSort: 999, isTop: '1', pid: null, enabled: 'true' };

export const deptToFormValues = (dept: Dept): DeptFormValues => ({
  id: dept.id,
  name: dept.name ?? '',
  deptSort: dept.deptSort ?? 999,
  isTop: dept.pid === null || dept.pid === undefined ? '1' : '0',
  pid: dept.pid ?? null,
  enabled: dept.enabled ? 'true' : 'false',
});

export function formValuesToDept(values: DeptFormValues): DeptPayload {
  const payload: DeptPayload = {
    name: values.name.trim(),
    deptSort: Number(values.deptSort),
    enabled: String(values.enabled) === 'true',
    pid: values.isTop === '1' ? null : (values.pid ?? null),
  };
  return values.id === undefined || values.id === null ? payload : { id: values.id, ...payload };
}

/** The PUT body of a list row with `enabled` switched. */
export const deptWithEnabled = (dept: Dept, enabled: boolean): DeptPayload & { id: number } =>
  ({ ...formValuesToDept(deptToFormValues(dept)), enabled }) as DeptPayload & { id: number };

export function validateDeptForm(values: Partial<DeptFormValues>): FormErrors<keyof DeptFormValues> {
  const errors: FormErrors<keyof DeptFormValues> = {};
  if (isBlank(values.name)) errors.name = '请输入部门名称';
  const sort = Number(values.deptSort);
  if (isBlank(values.deptSort) || !Number.isInteger(sort) || sort < 0) errors.deptSort = '请输入不小于 0 的整数';
  if (values.isTop === '0') {
    if (values.pid === null || values.pid === undefined) errors.pid = '上级部门不能为空';
    else if (values.id !== undefined && values.pid === values.id) errors.pid = '上级部门不能为自己';
  }
  return errors;
}
