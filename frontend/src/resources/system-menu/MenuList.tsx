import { Chip, Stack, Typography } from '@mui/material';
import { TextInput } from 'react-admin';
import { useRowPermissions } from '../shared/access';
import { DateRangeInput } from '../shared/DateRangeInput';
import { BulkDeleteButton, DeleteRowButton } from '../shared/DeleteButtons';
import { DialogList } from '../shared/DialogList';
import { actionsColumnSx, EditIconButton, RowActions, YesNo } from '../shared/ListParts';
import { type TreeColumn, TreeTable } from '../shared/TreeTable';
import type { Menu } from '../types';
import { MenuFormDialog } from './MenuFormDialog';
import { MenuIcon } from './MenuIcon';
import { menuTypeName } from './menuForm';

const filters = [
  <TextInput key="blurry" source="blurry" label="搜索" placeholder="模糊搜索" alwaysOn resettable />,
  <DateRangeInput key="createTime" source="createTime" label="创建时间" alwaysOn />,
];

const typeColor = ['primary', 'success', 'default'] as const;

/** 菜单管理: a lazily expanded tree table (`GET api/menus`, children with `pid`). */
export function MenuList() {
  const { canEdit, canDelete } = useRowPermissions('system/menu');
  const columns: TreeColumn<Menu>[] = [
    { label: '菜单标题', render: (m) => m.title, width: 200 },
    { label: '图标', render: (m) => <MenuIcon name={m.icon} /> },
    { label: '排序', render: (m) => m.menuSort },
    {
      label: '路由/组件',
      render: (m) => (
        <Stack spacing={0}>
          <Typography variant="body2">{m.path ?? ''}</Typography>
          <Typography variant="caption" color="text.secondary">
            {m.component ?? ''}
          </Typography>
        </Stack>
      ),
    },
    { label: '权限标识', render: (m) => m.permission ?? '' },
    {
      label: '类型',
      render: (m) => <Chip size="small" variant="outlined" color={typeColor[m.type] ?? 'default'} label={menuTypeName(m.type)} />,
    },
    { label: '外链', render: (m) => (m.type === 2 ? '' : <YesNo value={m.iFrame} />) },
    { label: '缓存', render: (m) => (m.type === 1 ? <YesNo value={m.cache} /> : '') },
    { label: '隐藏', render: (m) => (m.type === 2 ? '' : <YesNo value={m.hidden} />) },
    { label: '创建日期', render: (m) => m.createTime ?? '' },
  ];
  const actionsColumn = (onEdit: (menu: Menu) => void): TreeColumn<Menu> => ({
    label: '操作',
    sx: actionsColumnSx,
    render: (m) => (
      <RowActions>
        <EditIconButton onClick={() => onEdit(m)} />
        <DeleteRowButton record={m} resource="system/menu" />
      </RowActions>
    ),
  });

  return (
    <DialogList<Menu>
      resource="system/menu"
      title="菜单管理"
      filters={filters}
      sort={{ field: 'menuSort', order: 'ASC' }}
      perPage={1000}
      pagination={false}
      toolbar={<BulkDeleteButton />}
      dialog={({ open, record, onClose }) => <MenuFormDialog open={open} menu={record} onClose={onClose} />}
    >
      {(onEdit) => (
        <TreeTable<Menu>
          columns={canEdit || canDelete ? [...columns, actionsColumn(onEdit)] : columns}
          selectable={canDelete}
          childSort={{ field: 'menuSort', order: 'ASC' }}
        />
      )}
    </DialogList>
  );
}
