import { useState } from 'react';
import { Box } from '@mui/material';
import { DataTable, List, TextInput, useListContext } from 'react-admin';
import { useRowPermissions } from '../shared/access';
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
import type { Dict } from '../types';
import { DictDetailPanel } from './DictDetailPanel';
import { DictFormDialog } from './DictFormDialog';

const filters = [<TextInput key="blurry" source="blurry" label="搜索" placeholder="输入名称或者描述搜索" alwaysOn resettable />];

const Col = DataTable.Col<Dict>;

/** 字典管理: dicts on the left, the clicked dict's details on the right. */
export function DictList() {
  const [dialog, setDialog] = useState<{ open: boolean; dict: Dict | null }>({ open: false, dict: null });
  return (
    <>
      <List
        resource="system/dict"
        title="字典管理"
        filters={filters}
        sort={{ field: 'id', order: 'DESC' }}
        perPage={DEFAULT_PAGE_SIZE}
        pagination={<ListPagination />}
        empty={false}
        actions={<ListToolbar onCreate={() => setDialog({ open: true, dict: null })} exportPath="api/dict" exportTitle="字典" />}
      >
        <DictsWithDetails onEdit={(dict) => setDialog({ open: true, dict })} />
      </List>
      <DictFormDialog open={dialog.open} dict={dialog.dict} onClose={() => setDialog((d) => ({ ...d, open: false }))} />
    </>
  );
}

function DictsWithDetails({ onEdit }: { onEdit: (dict: Dict) => void }) {
  const { data } = useListContext<Dict>();
  const [selectedId, setSelectedId] = useState<number | null>(null);
  const selected = (data ?? []).find((dict) => dict.id === selectedId) ?? null;
  const { canEdit, canDelete } = useRowPermissions('system/dict');
  return (
    <Box sx={splitLayoutSx}>
      <Box sx={{ flex: { md: '0 0 45%' }, minWidth: 0 }}>
        <DataTable
          rowClick={(id) => {
            setSelectedId(Number(id));
            return false;
          }}
          rowSx={(dict) => (dict.id === selectedId ? { backgroundColor: 'action.selected' } : {})}
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
