import type { Dict, DictDetail } from '../types';
import { type FormErrors, isBlank } from '../shared/validation';

export interface DictFormValues {
  id?: number;
  name: string;
  description: string;
}

export const emptyDictForm: DictFormValues = { name: '', description: '' };

export const dictToFormValues = (dict: Dict): DictFormValues => ({
  id: dict.id,
  name: dict.name ?? '',
  description: dict.description ?? '',
});

export function formValuesToDict(values: DictFormValues): DictFormValues {
  const payload = { name: values.name.trim(), description: (values.description ?? '').trim() };
  return values.id === undefined || values.id === null ? payload : { id: values.id, ...payload };
}

export function validateDictForm(values: Partial<DictFormValues>): FormErrors<keyof DictFormValues> {
  const errors: FormErrors<keyof DictFormValues> = {};
  if (isBlank(values.name)) errors.name = '请输入字典名称';
  return errors;
}

export interface DetailFormValues {
  id?: number;
  label: string;
  value: string;
  dictSort: number | string;
}

export interface DetailPayload {
  id?: number;
  label: string;
  value: string;
  dictSort: number;
  dict: { id: number };
}

export const emptyDetailForm: DetailFormValues = { label: '', value: '', dictSort: 999 };

export const detailToFormValues = (detail: DictDetail): DetailFormValues => ({
  id: detail.id,
  label: detail.label ?? '',
  value: detail.value ?? '',
  dictSort: detail.dictSort ?? 999,
});

/** `value` stays a string (e.g. "true"); the detail is tied to its dict by a stub. */
export function formValuesToDetail(values: DetailFormValues, dictId: number): DetailPayload {
  const payload: DetailPayload = {
    label: values.label.trim(),
    value: String(values.value ?? '').trim(),
    dictSort: Number(values.dictSort),
    dict: { id: dictId },
  };
  return values.id === undefined || values.id === null ? payload : { id: values.id, ...payload };
}

export function validateDetailForm(values: Partial<DetailFormValues>): FormErrors<keyof DetailFormValues> {
  const errors: FormErrors<keyof DetailFormValues> = {};
  if (isBlank(values.label)) errors.label = '请输入字典标签';
  if (isBlank(values.value)) errors.value = '请输入字典值';
  const sort = Number(values.dictSort);
  if (isBlank(values.dictSort) || !Number.isInteger(sort) || sort < 0) errors.dictSort = '请输入不小于 0 的整数';
  return errors;
}
