import { Box } from '@mui/material';
import { FormDataConsumer, NumberInput, RadioButtonGroupInput, TextInput } from 'react-admin';
import { DeptTreeSelectInput } from '../shared/DeptInputs';
import { FormDialog } from '../shared/FormDialog';
import { useSaveRecord } from '../shared/hooks';
import type { Dept } from '../types';
import { type DeptFormValues, deptToFormValues, emptyDeptForm, formValuesToDept, validateDeptForm } from './deptForm';

const topChoices = [
  { id: '1', name: '是' },
  { id: '0', name: '否' },
];
const statusChoices = [
  { id: 'true', name: '启用' },
  { id: 'false', name: '停用' },
];

export function DeptFormDialog({ dept, open, onClose }: { dept: Dept | null; open: boolean; onClose: () => void }) {
  const { save, isPending } = useSaveRecord('system/dept', { onSaved: onClose });
  return (
    <FormDialog<DeptFormValues>
      open={open}
      title={dept ? '编辑部门' : '新增部门'}
      values={dept ? deptToFormValues(dept) : emptyDeptForm}
      validate={(v) => validateDeptForm(v as DeptFormValues)}
      onSubmit={(v) => save(formValuesToDept(v), dept ?? undefined)}
      onClose={onClose}
      saving={isPending}
    >
      <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' }, columnGap: 2 }}>
        <TextInput source="name" label="部门名称" isRequired />
        <NumberInput source="deptSort" label="部门排序" min={0} step={1} isRequired />
        <RadioButtonGroupInput source="isTop" label="顶级部门" choices={topChoices} />
        <RadioButtonGroupInput source="enabled" label="状态" choices={statusChoices} />
      </Box>
      <FormDataConsumer<DeptFormValues>>
        {({ formData }) =>
          formData.isTop === '0' ? <DeptTreeSelectInput source="pid" label="上级部门" exclude={dept?.id} isRequired /> : null
        }
      </FormDataConsumer>
    </FormDialog>
  );
}
