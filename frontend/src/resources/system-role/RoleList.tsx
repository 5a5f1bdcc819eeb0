import { Box } from '@mui/material';
import { DataTable, TextInput } from 'react-admin';
import { useRowPermissions } from '../shared/access';
import { DateRangeInput } from '../shared/DateRangeInput';
import { BulkDeleteButton, DeleteRowButton } from '../shared/DeleteButtons';
import { DialogList } from '../shared/DialogList';
import { actionsColumnSx, EditIconButton, EllipsisText, EmptyState, RowActions, splitLayoutSx } from '../shared/ListParts';
import { useRowSelection } from '../shared/useRowSelection';
import type { Role } from '../types';
import { RoleFormDialog } from './RoleFormDialog';
import { RoleMenuPanel } from './RoleMenuPanel';

const filters = [
  <TextInput key="blurry" source="blurry" label="搜索" placeholder="输入名称或者描述搜索" alwaysOn resettable />,
  <DateRangeInput key="createTime" source="createTime" label="创建时间" alwaysOn />,
];

const Col = DataTable.Col<Role>;

/** 角色管理: roles on the left, 菜单分配 of the clicked role on the right. */
export function RoleList() {
  return (
    <DialogList<Role>
      resource="system/role"
      title="角色管理"
      filters={filters}
      sort={{ field: 'level', order: 'ASC' }}
      exportPath="api/roles"
      exportTitle="角色"
      dialog={({ open, record, onClose }) => <RoleFormDialog open={open} role={record} onClose={onClose} />}
    >
      {(onEdit) => <RolesWithMenus onEdit={onEdit} />}
    </DialogList>
  );
}

function RolesWithMenus({ onEdit }: { onEdit: (role: Role) => void }) {
  // The selected role follows refreshes of the list (e.g. after saving its menus).
  const { selected, rowClick, rowSx } = useRowSelection<Role>();
  const { canEdit, canDelete } = useRowPermissions('system/role');

  return (
    <Box sx={splitLayoutSx}>
      <Box sx={{ flex: 1, minWidth: 0 }}>
        <DataTable
          rowClick={rowClick}
          rowSx={rowSx}
          bulkActionButtons={canDelete ? <BulkDeleteButton /> : false}
          empty={<EmptyState />}
        >
          <Col source="name" label="名称" />
          <Col source="dataScope" label="数据权限" />
          <Col source="level" label="角色级别" />
          <Col
            source="description"
            label="描述"
            disableSort
            render={(role) => <EllipsisText text={role.description} maxWidth={180} />}
          />
          <Col source="createTime" label="创建日期" />
          {(canEdit || canDelete) && (
            <Col
              label="操作"
              disableSort
              sx={actionsColumnSx}
              render={(role) => (
                <RowActions>
                  <EditIconButton onClick={() => onEdit(role)} />
                  <DeleteRowButton record={role} />
                </RowActions>
              )}
            />
          )}
        </DataTable>
      </Box>
      <RoleMenuPanel role={selected} />
    </Box>
  );
}
