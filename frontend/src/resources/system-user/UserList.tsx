import { Box, Chip, Stack } from '@mui/material';
import { DataTable, SelectInput, TextInput } from 'react-admin';
import { useRowPermissions } from '../shared/access';
import { DateRangeInput } from '../shared/DateRangeInput';
import { BulkDeleteButton, DeleteRowButton } from '../shared/DeleteButtons';
import { DialogList } from '../shared/DialogList';
import { EnabledSwitch } from '../shared/EnabledSwitch';
import { actionsColumnSx, EditIconButton, EmptyState, enabledChoices, RowActions, splitLayoutSx } from '../shared/ListParts';
import type { User } from '../types';
import { DeptFilterTree } from './DeptFilterTree';
import { ResetPasswordButton } from './ResetPasswordButton';
import { UserFormDialog } from './UserFormDialog';
import { sortRoles, userWithEnabled } from './userForm';

const filters = [
  <TextInput key="blurry" source="blurry" label="搜索" placeholder="输入名称或者邮箱搜索" alwaysOn resettable />,
  <SelectInput key="enabled" source="enabled" label="状态" choices={enabledChoices} alwaysOn emptyText="全部" />,
  <DateRangeInput key="createTime" source="createTime" label="创建时间" alwaysOn />,
];

const Col = DataTable.Col<User>;

/** 用户管理: dept tree filter on the left, users on the right, create/edit in a dialog. */
export function UserList() {
  const { canEdit, canDelete } = useRowPermissions('system/user');

  return (
    <DialogList<User>
      resource="system/user"
      title="用户管理"
      filters={filters}
      sort={{ field: 'id', order: 'DESC' }}
      exportPath="api/users"
      exportTitle="用户"
      dialog={({ open, record, onClose }) => <UserFormDialog open={open} user={record} onClose={onClose} />}
    >
      {(onEdit) => (
        <Box sx={splitLayoutSx}>
          <DeptFilterTree />
          <Box sx={{ flex: 1, minWidth: 0 }}>
            <DataTable rowClick={false} bulkActionButtons={canDelete ? <BulkDeleteButton /> : false} empty={<EmptyState />}>
              <Col source="username" label="用户名" />
              <Col source="nickName" label="昵称" />
              <Col source="phone" label="电话" disableSort />
              <Col source="email" label="邮箱" disableSort />
              <Col source="dept.name" label="部门" disableSort render={(u) => u.dept?.name ?? ''} />
              <Col
                label="角色"
                disableSort
                render={(u) => (
                  <Stack direction="row" spacing={0.5}>
                    {sortRoles(u.roles).map((role) => (
                      <Chip key={role.id} size="small" label={role.name ?? role.id} />
                    ))}
                  </Stack>
                )}
              />
              <Col
                source="enabled"
                label="状态"
                render={(u) => <EnabledSwitch record={u} name={u.username} toPayload={userWithEnabled} />}
              />
              <Col source="createTime" label="创建日期" />
              {(canEdit || canDelete) && (
                <Col
                  label="操作"
                  disableSort
                  sx={actionsColumnSx}
                  render={(u) => (
                    <RowActions>
                      <EditIconButton onClick={() => onEdit(u)} />
                      <ResetPasswordButton user={u} />
                      <DeleteRowButton record={u} />
                    </RowActions>
                  )}
                />
              )}
            </DataTable>
          </Box>
        </Box>
      )}
    </DialogList>
  );
}
