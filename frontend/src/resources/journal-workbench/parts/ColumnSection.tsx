// One column of the journal: its name with 选择稿件 / 上传稿件 (editable only), and its copies in a
// table whose rows are dragged by their handle (pointer or keyboard: space, arrows, space) to a new
// place; a drop saves the column's order (POST saveSort).
import CloudUploadOutlined from '@mui/icons-material/CloudUploadOutlined';
import PlaylistAddOutlined from '@mui/icons-material/PlaylistAddOutlined';
import { Box, Button, Paper, Stack, Table, TableBody, TableCell, TableContainer, TableHead, TableRow, Typography } from '@mui/material';
import { closestCenter, DndContext, type DragEndEvent, KeyboardSensor, PointerSensor, type UniqueIdentifier, useSensor, useSensors } from '@dnd-kit/core';
import { SortableContext, sortableKeyboardCoordinates, verticalListSortingStrategy } from '@dnd-kit/sortable';
import { horizon, line } from '../../../theme/theme';
import { listHeadSx } from '../../shared/ListFrame';
import { movedIds } from '../format';
import type { JournalColumn } from '../types';
import type { Workbench } from '../useWorkbench';
import type { WorkbenchActions } from '../useWorkbenchActions';
import { useWorkbenchText } from '../useWorkbenchText';
import { ManuscriptRow } from './ManuscriptRow';

const COLUMNS = ['index', 'title', 'type', 'domain', 'country', 'unit', 'submitter', 'provider', 'reviewer', 'memo', 'submit_time', 'actions'] as const;

export function ColumnSection({ wb, actions, column }: { wb: Workbench; actions: WorkbenchActions; column: JournalColumn }) {
  const t = useWorkbenchText();
  const editable = wb.access.edit;
  const rows = column.manuList;
  const sensors = useSensors(useSensor(PointerSensor, { activationConstraint: { distance: 4 } }), useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }));
  const titleOf = (id: UniqueIdentifier | undefined) => rows.find((row) => row.id === Number(id))?.title ?? '';
  const placeOf = (id: UniqueIdentifier | undefined) => rows.findIndex((row) => row.id === Number(id)) + 1;
  const headingId = `workbench-column-${column.id}`;

  const onDragEnd = ({ active, over }: DragEndEvent) => {
    if (!over) return;
    const ids = movedIds(rows, Number(active.id), Number(over.id));
    if (ids.every((id, i) => id === rows[i].id)) return;
    actions.saveSort.mutate({ columnId: column.id, ids });
  };

  return (
    <Paper variant="outlined" component="section" aria-labelledby={headingId} sx={{ mb: 2, overflow: 'hidden' }} data-testid="workbench-column">
      <Stack direction="row" alignItems="center" spacing={1} sx={{ px: 1.5, py: 1, borderBottom: line() }}>
        <Typography id={headingId} component="h2" variant="subtitle1" sx={{ fontWeight: 600 }}>
          {column.name}
        </Typography>
        <Typography variant="body2" sx={{ color: horizon('textMuted') }}>
          ({rows.length})
        </Typography>
        <Box sx={{ flex: 1 }} />
        {editable && (
          <>
            <Button size="small" variant="outlined" startIcon={<PlaylistAddOutlined />} onClick={() => wb.setDialog({ kind: 'pick', column })}>
              {t('column.pick')}
            </Button>
            <Button size="small" variant="outlined" startIcon={<CloudUploadOutlined />} onClick={() => wb.setDialog({ kind: 'upload', column })}>
              {t('column.upload')}
            </Button>
          </>
        )}
      </Stack>
      <TableContainer>
        <DndContext
          sensors={sensors}
          collisionDetection={closestCenter}
          onDragEnd={onDragEnd}
          accessibility={{
            screenReaderInstructions: { draggable: t('sort.instructions') },
            announcements: {
              onDragStart: ({ active }) => t('sort.picked', { title: titleOf(active.id) }),
              onDragOver: ({ active, over }) => (over ? t('sort.over', { title: titleOf(active.id), index: placeOf(over.id) }) : undefined),
              onDragEnd: ({ active, over }) => (over ? t('sort.dropped', { title: titleOf(active.id), index: placeOf(over.id) }) : undefined),
              onDragCancel: ({ active }) => t('sort.cancelled', { title: titleOf(active.id) }),
            },
          }}
        >
          <Table size="small" aria-label={t('column.table', { column: column.name })}>
            <TableHead>
              <TableRow>
                {editable && <TableCell padding="checkbox" sx={listHeadSx} aria-label={t('col.drag')} />}
                {COLUMNS.map((key) => (
                  <TableCell key={key} sx={listHeadSx}>
                    {t(`col.${key}`)}
                  </TableCell>
                ))}
              </TableRow>
            </TableHead>
            <SortableContext items={rows.map((row) => row.id)} strategy={verticalListSortingStrategy}>
              <TableBody>
                {rows.length === 0 ? (
                  <TableRow>
                    <TableCell colSpan={COLUMNS.length + (editable ? 1 : 0)} sx={{ py: 3, textAlign: 'center', border: 0 }} data-testid="workbench-column-empty">
                      <Typography variant="body2" color="text.secondary">
                        {t('column.empty')}
                      </Typography>
                      {editable && (
                        <Typography variant="caption" color="text.disabled">
                          {t('column.empty_hint')}
                        </Typography>
                      )}
                    </TableCell>
                  </TableRow>
                ) : (
                  rows.map((row, i) => <ManuscriptRow key={row.id} wb={wb} actions={actions} row={row} index={i + 1} />)
                )}
              </TableBody>
            </SortableContext>
          </Table>
        </DndContext>
      </TableContainer>
    </Paper>
  );
}
