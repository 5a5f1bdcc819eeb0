import { describe, expect, it } from 'vitest';
import type { Job } from '../types';
import { emptyJobForm, formValuesToJob, jobToFormValues, jobWithEnabled, validateJobForm } from './jobForm';

describe('job form', () => {
  const job = { id: 4, name: '开发', jobSort: 3, enabled: true, createTime: '2024-01-01 00:00:00' } as Job;

  it('maps to the PUT body', () => {
    expect(formValuesToJob({ ...jobToFormValues(job), enabled: 'false' })).toEqual({ id: 4, name: '开发', jobSort: 3, enabled: false });
    expect(jobWithEnabled(job, false)).toEqual({ id: 4, name: '开发', jobSort: 3, enabled: false });
    expect(formValuesToJob({ ...emptyJobForm, name: ' 测试 ', jobSort: '5' })).toEqual({ name: '测试', jobSort: 5, enabled: true });
  });

  it('validates name and sort', () => {
    expect(validateJobForm(jobToFormValues(job))).toEqual({});
    expect(validateJobForm({ ...emptyJobForm, jobSort: -1 })).toEqual({ name: '请输入岗位名称', jobSort: '请输入不小于 0 的整数' });
  });
});
