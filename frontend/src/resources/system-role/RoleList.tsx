import { useState } from 'react';
import { Box } from '@mui/material';
import { DataTable, List, TextInput, useListContext } from 'react-admin';
import { useRowPermissions } from '../shared/access';
import { DateRangeInput } from '../shared/DateRangeInput';
import { BulkDeleteButton, DeleteRowButton } from '../shared/DeleteButtons';
import {
  actionsColumnSx,
  DEFAULT_PAGE_SIZE,
  EditIconButton,
  EllipsisText,
  EmptyState,
  ListPagination,
  ListToolbar,
  RowActions,
  splitLayoutSx,
} from '../shared/ListParts';
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
  const [dialog, setDialog] = useState<{ open: boolean; role: Role | null }>({ open: false, role: null });
  return (
    <>
      <List
        resource="system/role"
        title="角色管理"
        filters={filters}
        sort={{ field: 'level', order: 'ASC' }}
        perPage={DEFAULT_PAGE_SIZE}
        pagination={<ListPagination />}
        empty={false}
        actions={<ListToolbar onCreate={() => setDialog({ open: true, role: null })} exportPath="api/roles" exportTitle="角色" />}
      >
        <RolesWithMenus onEdit={(role) => setDialog({ open: true, role })} />
      </List>
      <RoleFormDialog open={dialog.open} role={dialog.role} onClose={() => setDialog((d) => ({ ...d, open: false }))} />
    </>
  );
}

function RolesWithMenus({ onEdit }: { onEdit: (role: Role) => void }) {
  const { data } = useListContext<Role>();
  const [selectedId, setSelectedId] = useState<number | null>(null);
  // Read the role from the list data so the panel follows refreshes (e.g. after saving its menus).
  const selected = (data ?? []).find((role) => role.id === selectedId) ?? null;
  const { canEdit, canDelete } = useRowPermissions('system/role');

  return (
    <Box sx={splitLayoutSx}>
      <Box sx={{ flex: 1, minWidth: 0 }}>
        <DataTable
          rowClick={(id) => {
            setSelectedId(Number(id));
            return false;
          }}
          rowSx={(role) => (role.id === selectedId ? { backgroundColor: 'action.selected' } : {})}
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
