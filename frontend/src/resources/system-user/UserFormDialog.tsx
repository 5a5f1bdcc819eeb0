import { useState } from 'react';
import { Box } from '@mui/material';
import { RadioButtonGroupInput, SelectArrayInput, TextInput } from 'react-admin';
import { DeptTreeSelectInput } from '../shared/DeptInputs';
import { FormDialog } from '../shared/FormDialog';
import { useSaveRecord } from '../shared/hooks';
import type { User } from '../types';
import { type InitialPassword, InitialPasswordDialog } from './InitialPasswordDialog';
import { useMyRoleLevel } from '../shared/queries';
import { useAllRoles, useEnabledJobs } from './queries';
import { emptyUserForm, formValuesToUser, type UserFormValues, userToFormValues, validateUserForm } from './userForm';

export const CREATED_MESSAGE = '新增成功';

/** The initial password in a create answer (`POST api/users` → `initialPassword`), when there is one. */
export function initialPasswordOf(answer: unknown): InitialPassword | null {
  const a = (answer ?? {}) as { id?: unknown; username?: unknown; initialPassword?: unknown };
  if (typeof a.initialPassword !== 'string' || typeof a.username !== 'string') return null;
  return { id: typeof a.id === 'number' ? a.id : undefined, username: a.username, initialPassword: a.initialPassword };
}

const genderChoices = [
  { id: '男', name: '男' },
  { id: '女', name: '女' },
];
const statusChoices = [
  { id: 'true', name: '激活' },
  { id: 'false', name: '禁用' },
];

export interface UserFormDialogProps {
  /** The row being edited, `null` for a new user; the dialog is closed when `open` is false. */
  user: User | null;
  open: boolean;
  onClose: () => void;
}

export function UserFormDialog({ user, open, onClose }: UserFormDialogProps) {
  // The new account's initial password, shown once after the form closes.
  const [shown, setShown] = useState<InitialPassword[] | null>(null);
  const { save, isPending } = useSaveRecord('system/user', {
    onSaved: (_user, created, answer) => {
      onClose();
      const initial = created ? initialPasswordOf(answer) : null;
      if (initial) setShown([initial]);
    },
    createdMessage: CREATED_MESSAGE,
  });
  const jobs = useEnabledJobs(open);
  const roles = useAllRoles(open);
  const myLevel = useMyRoleLevel(open);
  const roleChoices = (roles.data ?? []).map((role) => ({
    id: role.id,
    name: role.name,
    // A user cannot hand out a role ranked above their own (smaller level = higher rank).
    disabled: myLevel.data !== undefined && role.level < myLevel.data,
  }));
  const values = user ? userToFormValues(user) : emptyUserForm;

  return (
    <>
      <FormDialog<UserFormValues>
        open={open}
        title={user ? '编辑用户' : '新增用户'}
        values={values}
        validate={(v) => validateUserForm(v as UserFormValues)}
        onSubmit={(v) => save(formValuesToUser(v), user ?? undefined)}
        onClose={onClose}
        saving={isPending}
        maxWidth="md"
      >
        <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' }, columnGap: 2 }}>
          <TextInput source="username" label="用户名" isRequired />
          <TextInput source="phone" label="电话" isRequired />
          <TextInput source="nickName" label="昵称" isRequired />
          <TextInput source="email" label="邮箱" type="email" isRequired />
          <DeptTreeSelectInput source="deptId" label="部门" enabledOnly fallbackLabel={user?.dept?.name} isRequired />
          <SelectArrayInput
            source="jobIds"
            label="岗位"
            isRequired
            choices={(jobs.data ?? []).map((job) => ({ id: job.id, name: job.name }))}
            isPending={jobs.isPending}
          />
          <RadioButtonGroupInput source="gender" label="性别" choices={genderChoices} />
          <RadioButtonGroupInput source="enabled" label="状态" choices={statusChoices} />
          <SelectArrayInput source="roleIds" label="角色" isRequired choices={roleChoices} isPending={roles.isPending} sx={{ gridColumn: '1 / -1' }} />
        </Box>
      </FormDialog>
      <InitialPasswordDialog entries={shown} onClose={() => setShown(null)} />
    </>
  );
}
