import type { Job } from '../types';
import { type FormErrors, isBlank } from '../shared/validation';

export interface JobFormValues {
  id?: number;
  name: string;
  jobSort: number | string;
  enabled: 'true' | 'false';
}

export interface JobPayload {
  id?: number;
  name: string;
  jobSort: number;
  enabled: boolean;
}

export const emptyJobForm: JobFormValues = { name: '', jobSort: 999, enabled: 'true' };

export const jobToFormValues = (job: Job): JobFormValues => ({
  id: job.id,
  name: job.name ?? '',
  jobSort: job.jobSort ?? 999,
  enabled: job.enabled ? 'true' : 'false',
});

export function formValuesToJob(values: JobFormValues): JobPayload {
  const payload: JobPayload = {
    name: values.name.trim(),
    jobSort: Number(values.jobSort),
    enabled: String(values.enabled) === 'true',
  };
  return values.id === undefined || values.id === null ? payload : { id: values.id, ...payload };
}

export const jobWithEnabled = (job: Job, enabled: boolean): JobPayload & { id: number } =>
  ({ ...formValuesToJob(jobToFormValues(job)), enabled }) as JobPayload & { id: number };

export function validateJobForm(values: Partial<JobFormValues>): FormErrors<keyof JobFormValues> {
  const errors: FormErrors<keyof JobFormValues> = {};
  if (isBlank(values.name)) errors.name = '请输入岗位名称';
  const sort = Number(values.jobSort);
  if (isBlank(values.jobSort) || !Number.isInteger(sort) || sort < 0) errors.jobSort = '请输入不小于 0 的整数';
  return errors;
}
