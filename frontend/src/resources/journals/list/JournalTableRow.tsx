// One row of the 期刊管理 table with its actions (编辑, 删除, the state-machine buttons, 稿件管理, 期刊编辑);
// on a journal the caller may not write, the write actions show disabled with the reason.
import type { ReactNode } from 'react';
import ArticleOutlined from '@mui/icons-material/ArticleOutlined';
import DeleteIcon from '@mui/icons-material/DeleteOutline';
import EditNoteIcon from '@mui/icons-material/EditNote';
import EditIcon from '@mui/icons-material/EditOutlined';
import OpenInNewIcon from '@mui/icons-material/OpenInNew';
import { Chip, IconButton, Stack, TableCell, TableRow, Tooltip } from '@mui/material';
import { Link as RouterLink } from 'react-router-dom';
import { holds, useAppAbility } from '../../../providers/ability';
import { openWithHandoff } from '../../../providers/handoff';
import { useNotifyError } from '../../shared/hooks';
import type { ProductAbilities } from '../../shared/production/access';
import { type ManagementMode, manuscriptsHref, workbenchHref } from '../../shared/production/managementRoutes';
import { DisabledAction, SelectRowCell, TipIconButton } from '../../shared/ListFrame';
import { actionsColumnSx, EllipsisText } from '../../shared/ListParts';
import { dayOf, isJournalStatus } from '../format';
import { canEditJournal, isFinalised } from '../journalStatus';
import { JournalStatusButtons } from '../JournalStatusButton';
import type { Journal, JournalStatus } from '../types';
import { useJournalText } from '../useJournalText';

const STATUS_COLOR: Record<JournalStatus, 'warning' | 'info' | 'success' | 'secondary'> = {
  edit: 'warning',
  submit: 'info',
  done: 'success',
  review: 'secondary',
};

export interface JournalTableRowProps {
  journal: Journal;
  abilities: ProductAbilities;
  mode: ManagementMode;
  checked: boolean;
  /** The 选择 cell, or undefined when the list has no selection. */
  select?: { onToggle: () => void; label: string };
  editors: string;
  onEdit: () => void;
  /** The row's 删除 (with its confirmation). */
  deleteButton: ReactNode;
}

export function JournalTableRow({ journal, abilities, mode, checked, select, editors, onEdit, deleteButton }: JournalTableRowProps) {
  const t = useJournalText();
  const notifyError = useNotifyError();
  const notOwned = t('list.not_owned');
  const status = isJournalStatus(journal.status) ? journal.status : null;
  const editable = canEditJournal(journal);
  // 期刊编辑 (the journal workbench) needs productJournal:manu (admin holds every code)
  const mayCompose = holds(useAppAbility(), 'productJournal:manu');
  return (
    <TableRow hover selected={checked}>
      {select && <SelectRowCell checked={checked} onToggle={select.onToggle} label={select.label} disabledReason={editable ? null : notOwned} />}
      <TableCell>
        <EllipsisText text={journal.product?.name ?? ''} maxWidth={200} />
      </TableCell>
      <TableCell>{journal.year}</TableCell>
      <TableCell>{journal.journalNo}</TableCell>
      <TableCell>{journal.totalNo ?? ''}</TableCell>
      <TableCell>
        <EllipsisText text={editors} maxWidth={160} />
      </TableCell>
      <TableCell>{status ? <Chip size="small" variant="outlined" color={STATUS_COLOR[status]} label={t(`status.${status}`)} /> : String(journal.status ?? '')}</TableCell>
      <TableCell sx={{ whiteSpace: 'nowrap' }}>{dayOf(journal.planPublishTime)}</TableCell>
      <TableCell sx={{ whiteSpace: 'nowrap' }}>{journal.createTime}</TableCell>
      <TableCell>{journal.createBy?.username ?? ''}</TableCell>
      <TableCell sx={actionsColumnSx}>
        <Stack direction="row" spacing={0.5} alignItems="center">
          {abilities.editJournal &&
            (editable ? (
              <TipIconButton label={t('list.act_edit')} onClick={onEdit}>
                <EditIcon fontSize="small" />
              </TipIconButton>
            ) : (
              <DisabledAction reason={notOwned}>
                <IconButton size="small" color="primary" aria-label={t('list.act_edit')} disabled>
                  <EditIcon fontSize="small" />
                </IconButton>
              </DisabledAction>
            ))}
          {abilities.deleteJournal &&
            !isFinalised(journal.status) &&
            (editable ? (
              deleteButton
            ) : (
              <DisabledAction reason={notOwned}>
                <IconButton size="small" color="error" aria-label={t('list.act_delete')} disabled>
                  <DeleteIcon fontSize="small" />
                </IconButton>
              </DisabledAction>
            ))}
          {abilities.editJournal && <JournalStatusButtons journal={journal} disabledReason={editable ? null : notOwned} />}
          <Tooltip title={t('list.act_manuscripts')}>
            <IconButton size="small" color="primary" aria-label={t('list.act_manuscripts')} component={RouterLink} to={manuscriptsHref(mode, journal)}>
              <ArticleOutlined fontSize="small" />
            </IconButton>
          </Tooltip>
          {mayCompose && (
            <Tooltip title={t('list.act_workbench')}>
              <IconButton size="small" color="primary" aria-label={t('list.act_workbench')} component={RouterLink} to={workbenchHref(mode, journal)}>
                <EditNoteIcon fontSize="small" />
              </IconButton>
            </Tooltip>
          )}
          {mayCompose && mode === 'process' && (
            <Tooltip title={t('list.act_workbench_window')}>
              <IconButton
                size="small"
                color="primary"
                aria-label={t('list.act_workbench_window')}
                onClick={() => void openWithHandoff(workbenchHref(mode, journal), 'setManu').catch((e: unknown) => notifyError(e))}
              >
                <OpenInNewIcon fontSize="small" />
              </IconButton>
            </Tooltip>
          )}
        </Stack>
      </TableCell>
    </TableRow>
  );
}
