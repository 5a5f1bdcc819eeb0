import { NumberInput, RadioButtonGroupInput, TextInput } from 'react-admin';
import { FormDialog } from '../shared/FormDialog';
import { useSaveRecord } from '../shared/hooks';
import type { Job } from '../types';
import { emptyJobForm, formValuesToJob, type JobFormValues, jobToFormValues, validateJobForm } from './jobForm';

const statusChoices = [
  { id: 'true', name: '启用' },
  { id: 'false', name: '停用' },
];

export function JobFormDialog({ job, open, onClose }: { job: Job | null; open: boolean; onClose: () => void }) {
  const { save, isPending } = useSaveRecord('system/job', { onSaved: onClose });
  return (
    <FormDialog<JobFormValues>
      open={open}
      title={job ? '编辑岗位' : '新增岗位'}
      values={job ? jobToFormValues(job) : emptyJobForm}
      validate={(v) => validateJobForm(v as JobFormValues)}
      onSubmit={(v) => save(formValuesToJob(v), job ?? undefined)}
      onClose={onClose}
      saving={isPending}
      maxWidth="xs"
    >
      <TextInput source="name" label="名称" isRequired />
      <NumberInput source="jobSort" label="排序" min={0} step={1} isRequired />
      <RadioButtonGroupInput source="enabled" label="状态" choices={statusChoices} />
    </FormDialog>
  );
}
