// One row of the classification tree table: the drag handle (a draggable; the row itself is the drop
// target), name with the expand toggle and the root/noise chips, code, order, enabled switch, create
// time and the row actions. The root and the noise class have no handle, no delete, no switch.
import AddIcon from '@mui/icons-material/Add';
import ChevronRightIcon from '@mui/icons-material/ChevronRight';
import DeleteIcon from '@mui/icons-material/DeleteOutline';
import DragIndicator from '@mui/icons-material/DragIndicator';
import ExpandMoreIcon from '@mui/icons-material/ExpandMore';
import LockIcon from '@mui/icons-material/LockOutlined';
import { Box, Chip, IconButton, Switch, TableCell, TableRow, Tooltip } from '@mui/material';
import { useDraggable, useDroppable } from '@dnd-kit/core';
import { ConfirmButton } from '../shared/ConfirmButton';
import { EnabledSwitch } from '../shared/EnabledSwitch';
import { actionsColumnSx, EditIconButton, RowActions } from '../shared/ListParts';
import { CLASSIFY_RESOURCE, type ClassifyNode, NOISE_CODE } from './api';
import { isLocked, isNoise, isRoot, withEnabled } from './classifyTree';
import type { ClassifyRowView } from './useClassifyTree';
import { useClassifyText } from './useClassifyText';

export interface RowAccess {
  create: boolean;
  edit: boolean;
  delete: boolean;
}

export interface ClassifyRowProps {
  row: ClassifyRowView;
  access: RowAccess;
  /** A drag is under way and this row is the one under the pointer. */
  dropState: 'over' | null;
  onToggle: (id: number) => void;
  onCreateChild: (parent: ClassifyNode) => void;
  onEdit: (node: ClassifyNode) => void;
  onDelete: (node: ClassifyNode) => void;
}

/** Keeps the row's buttons in their columns where one is not offered (a small icon button is 28 px). */
const ActionGap = () => <Box sx={{ width: 28, flexShrink: 0 }} />;

function LockChip({ node }: { node: ClassifyNode }) {
  const t = useClassifyText();
  const root = isRoot(node);
  return (
    <Tooltip title={root ? t('row.root_hint') : t('row.noise_hint', { code: NOISE_CODE })}>
      <Chip size="small" variant="outlined" color={root ? 'default' : 'warning'} icon={<LockIcon />} label={root ? t('row.root') : t('row.noise')} sx={{ ml: 1, height: 20 }} />
    </Tooltip>
  );
}

export function ClassifyRow({ row, access, dropState, onToggle, onCreateChild, onEdit, onDelete }: ClassifyRowProps) {
  const t = useClassifyText();
  const { node, depth, expanded } = row;
  const locked = isLocked(node);
  const draggable = access.edit && !locked;
  const drag = useDraggable({ id: node.id, disabled: !draggable });
  const dropTarget = useDroppable({ id: node.id, disabled: !access.edit });
  const hasKids = (node.children?.length ?? 0) > 0;
  return (
    <TableRow
      ref={dropTarget.setNodeRef}
      hover
      data-classify-id={node.id}
      data-drop-over={dropState === 'over' || undefined}
      sx={{
        opacity: drag.isDragging ? 0.4 : 1,
        ...(dropState === 'over' && { bgcolor: 'action.selected', outline: 2, outlineColor: 'primary.main', outlineOffset: -2 }),
      }}
    >
      {access.edit && (
        <TableCell padding="checkbox">
          {draggable && (
            <IconButton
              ref={drag.setNodeRef}
              size="small"
              {...drag.attributes}
              {...drag.listeners}
              aria-label={t('row.drag', { name: node.name })}
              sx={{ cursor: 'grab', touchAction: 'none' }}
            >
              <DragIndicator fontSize="small" />
            </IconButton>
          )}
        </TableCell>
      )}
      <TableCell sx={{ minWidth: 240 }}>
        <Box sx={{ display: 'flex', alignItems: 'center', pl: depth * 2.5 }}>
          {hasKids ? (
            <IconButton size="small" aria-label={expanded ? t('row.collapse') : t('row.expand')} onClick={() => onToggle(node.id)}>
              {expanded ? <ExpandMoreIcon fontSize="small" /> : <ChevronRightIcon fontSize="small" />}
            </IconButton>
          ) : (
            <Box sx={{ width: 28 }} />
          )}
          <Box component="span" sx={{ fontWeight: isRoot(node) ? 600 : undefined }}>
            {node.name}
          </Box>
          {locked && <LockChip node={node} />}
        </Box>
      </TableCell>
      <TableCell>{node.code ?? ''}</TableCell>
      <TableCell>{node.seq}</TableCell>
      <TableCell>
        {locked ? (
          <Switch size="small" checked={node.enabled} disabled slotProps={{ input: { 'aria-label': node.enabled ? '禁用' : '启用' } }} />
        ) : (
          <EnabledSwitch record={node} name={node.name} toPayload={withEnabled} resource={CLASSIFY_RESOURCE} />
        )}
      </TableCell>
      <TableCell sx={{ whiteSpace: 'nowrap' }}>{node.createTime ?? ''}</TableCell>
      {(access.create || access.edit || access.delete) && (
        <TableCell sx={actionsColumnSx}>
          <RowActions>
            {access.create &&
              (isNoise(node) ? (
                <ActionGap />
              ) : (
                <Tooltip title={t('row.add_child')}>
                  <IconButton size="small" color="primary" aria-label={t('row.add_child')} onClick={() => onCreateChild(node)}>
                    <AddIcon fontSize="small" />
                  </IconButton>
                </Tooltip>
              ))}
            {access.edit && (isRoot(node) ? <ActionGap /> : <EditIconButton label={t('row.edit')} onClick={() => onEdit(node)} />)}
            {access.delete && (
              <ConfirmButton
                label={locked ? (isRoot(node) ? t('row.root_hint') : t('row.noise_hint', { code: NOISE_CODE })) : t('row.delete')}
                color="error"
                icon={<DeleteIcon fontSize="small" />}
                content={t('row.delete_confirm', { name: node.name })}
                disabled={locked}
                onConfirm={() => onDelete(node)}
              />
            )}
          </RowActions>
        </TableCell>
      )}
    </TableRow>
  );
}
