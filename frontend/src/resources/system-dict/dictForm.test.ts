import { describe, expect, it } from 'vitest';
import type { DictDetail } from '../types';
import {
  detailToFormValues,
  emptyDetailForm,
  emptyDictForm,
  formValuesToDetail,
  formValuesToDict,
  validateDetailForm,
  validateDictForm,
} from './dictForm';

describe('dict form', () => {
  it('trims and keeps the id only when editing', () => {
    expect(formValuesToDict({ ...emptyDictForm, name: ' user_status ', description: ' 用户状态 ' })).toEqual({
      name: 'user_status',
      description: '用户状态',
    });
    expect(formValuesToDict({ id: 1, name: 'a', description: '' })).toEqual({ id: 1, name: 'a', description: '' });
  });

  it('requires a name', () => {
    expect(validateDictForm(emptyDictForm)).toEqual({ name: '请输入字典名称' });
  });
});

describe('dict detail form', () => {
  it('ties the detail to its dict and keeps the value a string', () => {
    expect(formValuesToDetail({ ...emptyDetailForm, label: '激活', value: 'true', dictSort: '1' }, 9)).toEqual({
      label: '激活',
      value: 'true',
      dictSort: 1,
      dict: { id: 9 },
    });
    const detail = { id: 3, label: '禁用', value: 'false', dictSort: 2 } as DictDetail;
    expect(formValuesToDetail(detailToFormValues(detail), 9)).toEqual({ ...detail, dict: { id: 9 } });
  });

  it('requires label, value and a sort', () => {
    expect(validateDetailForm(emptyDetailForm)).toEqual({ label: '请输入字典标签', value: '请输入字典值' });
    expect(validateDetailForm({ label: 'a', value: 'b', dictSort: 'x' })).toEqual({ dictSort: '请输入不小于 0 的整数' });
  });
});
