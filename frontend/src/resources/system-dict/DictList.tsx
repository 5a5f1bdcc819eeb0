import { Box } from '@mui/material';
import { DataTable, TextInput } from 'react-admin';
import { useRowPermissions } from '../shared/access';
import { BulkDeleteButton, DeleteRowButton } from '../shared/DeleteButtons';
import { DialogList } from '../shared/DialogList';
import { actionsColumnSx, EditIconButton, EllipsisText, EmptyState, RowActions, splitLayoutSx } from '../shared/ListParts';
import { useRowSelection } from '../shared/useRowSelection';
import type { Dict } from '../types';
import { DictDetailPanel } from './DictDetailPanel';
import { DictFormDialog } from './DictFormDialog';

const filters = [<TextInput key="blurry" source="blurry" label="搜索" placeholder="输入名称或者描述搜索" alwaysOn resettable />];

const Col = DataTable.Col<Dict>;

/** 字典管理: dicts on the left, the clicked dict's details on the right. */
export function DictList() {
  return (
    <DialogList<Dict>
      resource="system/dict"
      title="字典管理"
      filters={filters}
      sort={{ field: 'id', order: 'DESC' }}
      exportPath="api/dict"
      exportTitle="字典"
      dialog={({ open, record, onClose }) => <DictFormDialog open={open} dict={record} onClose={onClose} />}
    >
      {(onEdit) => <DictsWithDetails onEdit={onEdit} />}
    </DialogList>
  );
}

function DictsWithDetails({ onEdit }: { onEdit: (dict: Dict) => void }) {
  const { selected, rowClick, rowSx } = useRowSelection<Dict>();
  const { canEdit, canDelete } = useRowPermissions('system/dict');
  return (
    <Box sx={splitLayoutSx}>
      <Box sx={{ flex: { md: '0 0 45%' }, minWidth: 0 }}>
        <DataTable
          rowClick={rowClick}
          rowSx={rowSx}
          bulkActionButtons={canDelete ? <BulkDeleteButton /> : false}
          empty={<EmptyState />}
        >
          <Col source="name" label="名称" />
          <Col
            source="description"
            label="描述"
            disableSort
            render={(dict) => <EllipsisText text={dict.description} maxWidth={200} />}
          />
          {(canEdit || canDelete) && (
            <Col
              label="操作"
              disableSort
              sx={actionsColumnSx}
              render={(dict) => (
                <RowActions>
                  <EditIconButton onClick={() => onEdit(dict)} />
                  <DeleteRowButton record={dict} />
                </RowActions>
              )}
            />
          )}
        </DataTable>
      </Box>
      <DictDetailPanel dict={selected} />
    </Box>
  );
}
