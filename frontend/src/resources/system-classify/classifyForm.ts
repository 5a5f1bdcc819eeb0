// The add/edit dialog of 新闻分类: form values, the wire payload and the checks of the server's DTO.
import { isBlank } from '../shared/validation';
import { type ClassifyNode, ROOT_ID } from './api';
import type { ClassifyPayload } from './classifyTree';
import type { ClassifyKey } from './useClassifyText';

export interface ClassifyFormValues {
  id?: number;
  pid: number | null;
  name: string;
  code: string;
  seq: number | string;
  enabled: 'true' | 'false';
}

export const NAME_MAX = 100;
export const CODE_MAX = 32;
export const SEQ_MAX = 99999;

/** A new class goes under `pid` (the row whose 新增下级 was clicked) or under the root. */
export const emptyClassifyForm = (pid: number = ROOT_ID): ClassifyFormValues => ({ pid, name: '', code: '', seq: 999, enabled: 'true' });

export const classifyToFormValues = (node: ClassifyNode): ClassifyFormValues => ({
  id: node.id,
  pid: node.pid ?? ROOT_ID,
  name: node.name ?? '',
  code: node.code ?? '',
  seq: node.seq ?? 999,
  enabled: node.enabled === false ? 'false' : 'true',
});

export function formValuesToClassify(values: ClassifyFormValues): ClassifyPayload {
  const code = String(values.code ?? '').trim();
  const payload: ClassifyPayload = {
    pid: Number(values.pid ?? ROOT_ID),
    name: String(values.name ?? '').trim(),
    code: code || null,
    seq: Number(values.seq),
    enabled: String(values.enabled) !== 'false',
  };
  return values.id === undefined || values.id === null ? payload : { id: values.id, ...payload };
}

export type ClassifyField = 'pid' | 'name' | 'code' | 'seq';

/** Errors as message keys (the dialog translates them). */
export function validateClassifyForm(values: Partial<ClassifyFormValues>): Partial<Record<ClassifyField, ClassifyKey>> {
  const errors: Partial<Record<ClassifyField, ClassifyKey>> = {};
  const name = String(values.name ?? '').trim();
  if (values.pid === null || values.pid === undefined) errors.pid = 'form.pid_required';
  else if (values.id !== undefined && values.pid === values.id) errors.pid = 'form.pid_self';
  if (isBlank(name)) errors.name = 'form.name_required';
  else if (name.length > NAME_MAX) errors.name = 'form.name_too_long';
  if (String(values.code ?? '').trim().length > CODE_MAX) errors.code = 'form.code_too_long';
  const seq = Number(values.seq);
  if (isBlank(values.seq) || !Number.isInteger(seq) || seq < 0 || seq > SEQ_MAX) errors.seq = 'form.seq_invalid';
  return errors;
}
