import { SelectInput, TextInput } from 'react-admin';
import { useRowPermissions } from '../shared/access';
import { DateRangeInput } from '../shared/DateRangeInput';
import { BulkDeleteButton, DeleteRowButton } from '../shared/DeleteButtons';
import { DialogList } from '../shared/DialogList';
import { EnabledSwitch } from '../shared/EnabledSwitch';
import { actionsColumnSx, EditIconButton, enabledChoices, RowActions } from '../shared/ListParts';
import { type TreeColumn, TreeTable } from '../shared/TreeTable';
import type { Dept } from '../types';
import { DeptFormDialog } from './DeptFormDialog';
import { deptWithEnabled } from './deptForm';

const filters = [
  <TextInput key="name" source="name" label="部门名称" placeholder="输入部门名称搜索" alwaysOn resettable />,
  <SelectInput key="enabled" source="enabled" label="状态" choices={enabledChoices} alwaysOn emptyText="全部" />,
  <DateRangeInput key="createTime" source="createTime" label="创建时间" alwaysOn />,
];

/** 部门管理: roots from `GET api/dept`, children from `GET api/dept?pid=` on expansion. */
export function DeptList() {
  const { canEdit, canDelete } = useRowPermissions('system/dept');
  const columns: TreeColumn<Dept>[] = [
    { label: '名称', render: (d) => d.name, width: 260 },
    { label: '排序', render: (d) => d.deptSort },
    {
      label: '状态',
      render: (d) => <EnabledSwitch record={d} name={d.name} toPayload={deptWithEnabled} resource="system/dept" />,
    },
    { label: '创建日期', render: (d) => d.createTime ?? '' },
  ];
  const actionsColumn = (onEdit: (dept: Dept) => void): TreeColumn<Dept> => ({
    label: '操作',
    sx: actionsColumnSx,
    render: (d) => (
      <RowActions>
        <EditIconButton onClick={() => onEdit(d)} />
        <DeleteRowButton record={d} resource="system/dept" />
      </RowActions>
    ),
  });

  return (
    <DialogList<Dept>
      resource="system/dept"
      title="部门管理"
      filters={filters}
      sort={{ field: 'deptSort', order: 'ASC' }}
      perPage={1000}
      pagination={false}
      exportPath="api/dept"
      exportTitle="部门"
      toolbar={<BulkDeleteButton />}
      dialog={({ open, record, onClose }) => <DeptFormDialog open={open} dept={record} onClose={onClose} />}
    >
      {(onEdit) => (
        <TreeTable<Dept>
          columns={canEdit || canDelete ? [...columns, actionsColumn(onEdit)] : columns}
          selectable={canDelete}
          childSort={{ field: 'deptSort', order: 'ASC' }}
        />
      )}
    </DialogList>
  );
}
