// One copy in a column's table: the drag handle (editable only), 序号, 标题 (the weekly's checkbox),
// the spec's columns, and 版本 / 在线编辑 (a copy with a file, when an online editor is configured:
// a new window, docs/office-api.md) / 编辑 / 删除. Reviewed copies (`isExamine`) are tinted.
import DeleteIcon from '@mui/icons-material/DeleteOutline';
import DragIndicator from '@mui/icons-material/DragIndicator';
import EditNoteIcon from '@mui/icons-material/EditNoteOutlined';
import EditIcon from '@mui/icons-material/EditOutlined';
import FactCheckOutlined from '@mui/icons-material/FactCheckOutlined';
import HistoryIcon from '@mui/icons-material/HistoryOutlined';
import { Checkbox, Chip, IconButton, Stack, TableCell, TableRow } from '@mui/material';
import { useSortable } from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import { horizon } from '../../../theme/theme';
import { ConfirmButton } from '../../shared/ConfirmButton';
import { TipIconButton } from '../../shared/ListFrame';
import { EllipsisText } from '../../shared/ListParts';
import { openOfficeEditor } from '../api';
import { dictLabel, reviewerNames, typeOf, userName } from '../format';
import type { JournalManuscript } from '../types';
import type { Workbench } from '../useWorkbench';
import type { WorkbenchActions } from '../useWorkbenchActions';
import { useWorkbenchText } from '../useWorkbenchText';

export interface ManuscriptRowProps {
  wb: Workbench;
  actions: WorkbenchActions;
  row: JournalManuscript;
  index: number;
}

export function ManuscriptRow({ wb, actions, row, index }: ManuscriptRowProps) {
  const t = useWorkbenchText();
  const editable = wb.access.edit;
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, transform, transition, isDragging } = useSortable({ id: row.id, disabled: !editable });
  const style = { transform: CSS.Translate.toString(transform), transition, position: 'relative' as const, zIndex: isDragging ? 2 : undefined };
  return (
    <TableRow
      ref={setNodeRef}
      style={style}
      hover
      data-copy-id={row.id}
      data-examined={row.isExamine || undefined}
      sx={{ bgcolor: row.isExamine ? horizon('successLight') : isDragging ? 'background.paper' : undefined, '& td': { fontSize: 13 } }}
    >
      {editable && (
        <TableCell padding="checkbox">
          <IconButton ref={setActivatorNodeRef} size="small" {...attributes} {...listeners} aria-label={t('row.drag', { title: row.title })} sx={{ cursor: 'grab', touchAction: 'none' }}>
            <DragIndicator fontSize="small" />
          </IconButton>
        </TableCell>
      )}
      <TableCell>{index}</TableCell>
      <TableCell sx={{ minWidth: 200 }}>
        <Stack direction="row" spacing={0.5} alignItems="center">
          {wb.weekly && editable && (
            <Checkbox
              size="small"
              checked={row.isCheck}
              onChange={(event) => actions.check.mutate({ row, isCheck: event.target.checked })}
              slotProps={{ input: { 'aria-label': t('row.check', { title: row.title }) } }}
              sx={{ p: 0.25 }}
            />
          )}
          <EllipsisText text={row.title} maxWidth={320} />
          {row.isExamine && <Chip size="small" color="success" variant="outlined" label={t('row.examined')} sx={{ height: 20, fontSize: 12 }} />}
        </Stack>
      </TableCell>
      <TableCell sx={{ whiteSpace: 'nowrap' }}>{t(`type.${typeOf(row)}`)}</TableCell>
      <TableCell>{dictLabel(wb.dicts, 'domain_type', row.domainType)}</TableCell>
      <TableCell>{dictLabel(wb.dicts, 'country', row.country)}</TableCell>
      <TableCell>
        <EllipsisText text={row.dept?.name ?? ''} maxWidth={140} />
      </TableCell>
      <TableCell sx={{ whiteSpace: 'nowrap' }}>{userName(row.submitBy, wb.users)}</TableCell>
      <TableCell sx={{ whiteSpace: 'nowrap' }}>{row.firstAuthor ?? ''}</TableCell>
      <TableCell>
        <EllipsisText text={reviewerNames(row, wb.users)} maxWidth={140} />
      </TableCell>
      <TableCell>
        <EllipsisText text={row.memo ?? ''} maxWidth={160} />
      </TableCell>
      <TableCell sx={{ whiteSpace: 'nowrap' }}>{row.submitTime ?? ''}</TableCell>
      <TableCell sx={{ whiteSpace: 'nowrap' }}>
        <Stack direction="row" spacing={0.25}>
          <TipIconButton label={t('row.versions')} onClick={() => wb.setDialog({ kind: 'versions', row })}>
            <HistoryIcon fontSize="small" />
          </TipIconButton>
          {wb.onlineEdit && wb.access.manu && row.file && (
            <TipIconButton label={t('row.online_edit')} onClick={() => openOfficeEditor('copy', row.id, row.version)}>
              <EditNoteIcon fontSize="small" />
            </TipIconButton>
          )}
          {editable && (
            <TipIconButton
              label={row.isExamine ? t('row.unexamine') : t('row.examine')}
              color={row.isExamine ? 'success' : 'default'}
              onClick={() => actions.examine.mutate({ row, isExamine: !row.isExamine })}
            >
              <FactCheckOutlined fontSize="small" />
            </TipIconButton>
          )}
          {editable && (
            <TipIconButton label={t('row.edit')} onClick={() => wb.setDialog({ kind: 'edit', row })}>
              <EditIcon fontSize="small" />
            </TipIconButton>
          )}
          {editable && (
            <ConfirmButton
              label={t('row.delete')}
              icon={<DeleteIcon fontSize="small" />}
              color="error"
              title={t('common.confirm_title')}
              content={t('row.delete_confirm')}
              loading={actions.remove.isPending && actions.remove.variables?.id === row.id}
              onConfirm={() => actions.remove.mutate(row)}
            />
          )}
        </Stack>
      </TableCell>
    </TableRow>
  );
}
