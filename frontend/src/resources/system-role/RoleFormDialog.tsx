import { Box } from '@mui/material';
import { FormDataConsumer, NumberInput, SelectInput, TextInput } from 'react-admin';
import { DeptCheckTreeInput } from '../shared/DeptInputs';
import { FormDialog } from '../shared/FormDialog';
import { useSaveRecord } from '../shared/hooks';
import { useMyRoleLevel } from '../shared/queries';
import type { Role } from '../types';
import { DATA_SCOPES, emptyRoleForm, formValuesToRole, type RoleFormValues, roleToFormValues, validateRoleForm } from './roleForm';

const scopeChoices = DATA_SCOPES.map((scope) => ({ id: scope, name: scope }));

export function RoleFormDialog({ role, open, onClose }: { role: Role | null; open: boolean; onClose: () => void }) {
  const { save, isPending } = useSaveRecord('system/role', { onSaved: onClose });
  const myLevel = useMyRoleLevel(open);
  return (
    <FormDialog<RoleFormValues>
      open={open}
      title={role ? '编辑角色' : '新增角色'}
      values={role ? roleToFormValues(role) : emptyRoleForm}
      validate={(v) => validateRoleForm(v as RoleFormValues, myLevel.data)}
      onSubmit={(v) => save(formValuesToRole(v), role ?? undefined)}
      onClose={onClose}
      saving={isPending}
    >
      <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' }, columnGap: 2 }}>
        <TextInput source="name" label="角色名称" isRequired />
        <NumberInput source="level" label="角色级别" min={1} step={1} isRequired />
        <SelectInput source="dataScope" label="数据范围" choices={scopeChoices} isRequired />
      </Box>
      <FormDataConsumer<RoleFormValues>>
        {({ formData }) =>
          formData.dataScope === '自定义' ? <DeptCheckTreeInput source="depts" label="数据权限（所选部门及其下级）" /> : null
        }
      </FormDataConsumer>
      <TextInput source="description" label="描述信息" multiline minRows={3} />
    </FormDialog>
  );
}
