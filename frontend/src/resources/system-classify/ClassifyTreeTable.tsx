// The classification tree as a table whose rows can be dragged onto one another (@dnd-kit, as the
// journal workbench): dropping a row on another asks to move it under that one. Loading, error with
// retry and the empty states are here too.
import { useState } from 'react';
import { DndContext, type DragEndEvent, DragOverlay, KeyboardSensor, PointerSensor, pointerWithin, useSensor, useSensors } from '@dnd-kit/core';
import { Alert, Button, Chip, LinearProgress, Table, TableBody, TableCell, TableContainer, TableHead, TableRow } from '@mui/material';
import { listHeadSx } from '../shared/ListFrame';
import { EmptyState, actionsColumnSx } from '../shared/ListParts';
import { errorMessage } from '../shared/hooks';
import { findNode } from '../shared/tree';
import type { ClassifyNode } from './api';
import { ClassifyRow, type RowAccess } from './ClassifyRow';
import type { ClassifyTreeState } from './useClassifyTree';
import { useClassifyText } from './useClassifyText';

export interface ClassifyTreeTableProps {
  state: ClassifyTreeState;
  access: RowAccess;
  onCreateChild: (parent: ClassifyNode) => void;
  onEdit: (node: ClassifyNode) => void;
}

export function ClassifyTreeTable({ state, access, onCreateChild, onEdit }: ClassifyTreeTableProps) {
  const t = useClassifyText();
  const sensors = useSensors(useSensor(PointerSensor, { activationConstraint: { distance: 4 } }), useSensor(KeyboardSensor));
  const [dragged, setDragged] = useState<number | null>(null);
  const [over, setOver] = useState<number | null>(null);
  const { query, rows } = state;
  const withActions = access.create || access.edit || access.delete;
  const columns = 5 + (access.edit ? 1 : 0) + (withActions ? 1 : 0);
  const end = ({ active, over: target }: DragEndEvent) => {
    setDragged(null);
    setOver(null);
    if (target) state.drop(Number(active.id), Number(target.id));
  };
  const draggedNode = dragged === null ? undefined : findNode(state.tree, dragged);

  if (query.isError) {
    return (
      <Alert severity="error" action={<Button onClick={() => void query.refetch()}>{t('retry')}</Button>}>
        {t('load_failed', { message: errorMessage(query.error) })}
      </Alert>
    );
  }
  return (
    <DndContext
      sensors={sensors}
      collisionDetection={pointerWithin}
      onDragStart={({ active }) => setDragged(Number(active.id))}
      onDragOver={({ over: target }) => setOver(target ? Number(target.id) : null)}
      onDragEnd={end}
      onDragCancel={() => {
        setDragged(null);
        setOver(null);
      }}
    >
      <TableContainer>
        {(query.isPending || query.isFetching || state.moving || state.deleting) && <LinearProgress />}
        <Table size="small" aria-label={t('title')}>
          <TableHead>
            <TableRow sx={{ '& th': listHeadSx }}>
              {access.edit && <TableCell padding="checkbox" />}
              <TableCell>{t('col.name')}</TableCell>
              <TableCell>{t('col.code')}</TableCell>
              <TableCell>{t('col.seq')}</TableCell>
              <TableCell>{t('col.enabled')}</TableCell>
              <TableCell>{t('col.create_time')}</TableCell>
              {withActions && <TableCell sx={actionsColumnSx}>{t('col.actions')}</TableCell>}
            </TableRow>
          </TableHead>
          <TableBody>
            {rows.map((row) => (
              <ClassifyRow
                key={row.node.id}
                row={row}
                access={access}
                dropState={dragged !== null && over === row.node.id && over !== dragged ? 'over' : null}
                onToggle={state.toggle}
                onCreateChild={onCreateChild}
                onEdit={onEdit}
                onDelete={state.deleteNode}
              />
            ))}
            {!query.isPending && rows.length === 0 && (
              <TableRow>
                <TableCell colSpan={columns}>
                  <EmptyState text={state.filtered ? t('no_match') : t('empty')} />
                </TableCell>
              </TableRow>
            )}
          </TableBody>
        </Table>
      </TableContainer>
      <DragOverlay dropAnimation={null}>{draggedNode ? <Chip color="primary" label={draggedNode.name} sx={{ boxShadow: 2 }} /> : null}</DragOverlay>
    </DndContext>
  );
}
