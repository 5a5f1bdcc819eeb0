import { describe, expect, it } from 'vitest';
import type { Dept } from '../types';
import { deptToFormValues, deptWithEnabled, emptyDeptForm, formValuesToDept, validateDeptForm } from './deptForm';

const child = { id: 3, pid: 1, name: '研发部', deptSort: 2, enabled: true, hasChildren: true } as Dept;
const root = { id: 1, pid: null, name: '总部', deptSort: 1, enabled: false } as Dept;

describe('dept form mapping', () => {
  it('derives isTop from pid', () => {
    expect(deptToFormValues(child)).toMatchObject({ isTop: '0', pid: 1, enabled: 'true' });
    expect(deptToFormValues(root)).toMatchObject({ isTop: '1', pid: null, enabled: 'false' });
  });

  it('a top dept is saved with pid null whatever parent was picked', () => {
    expect(formValuesToDept({ ...deptToFormValues(child), isTop: '1' }).pid).toBeNull();
    expect(formValuesToDept(deptToFormValues(child))).toEqual({ id: 3, name: '研发部', deptSort: 2, enabled: true, pid: 1 });
  });

  it('switching enabled keeps the rest of the row', () => {
    expect(deptWithEnabled(child, false)).toEqual({ id: 3, name: '研发部', deptSort: 2, enabled: false, pid: 1 });
  });
});

describe('validateDeptForm', () => {
  it('accepts a valid dept', () => {
    expect(validateDeptForm(deptToFormValues(child))).toEqual({});
    expect(validateDeptForm({ ...emptyDeptForm, name: '新部门' })).toEqual({});
  });

  it('needs a name, a sort and, unless top, a parent other than itself', () => {
    expect(validateDeptForm({ ...emptyDeptForm, deptSort: '' })).toEqual({ name: '请输入部门名称', deptSort: '请输入不小于 0 的整数' });
    expect(validateDeptForm({ ...emptyDeptForm, name: 'x', isTop: '0' }).pid).toBe('上级部门不能为空');
    expect(validateDeptForm({ ...deptToFormValues(child), pid: 3 }).pid).toBe('上级部门不能为自己');
  });
});
