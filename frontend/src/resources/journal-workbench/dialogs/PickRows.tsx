// The body of the 选择稿件 table: error with 重试, loading, empty, or one row per pool manuscript
// (a copy already in the journal: disabled and marked 已选入).
import type { ReactNode } from 'react';
import { Alert, Button, Checkbox, Chip, CircularProgress, Stack, TableCell, TableRow, Typography } from '@mui/material';
import { errorMessage } from '../../shared/hooks';
import { EllipsisText } from '../../shared/ListParts';
import { POOL_PAGE_SIZE } from '../api';
import { reviewerNames, typeOf } from '../format';
import type { PoolManuscript, SelectableUser } from '../types';
import { useWorkbenchText } from '../useWorkbenchText';
import type { PickState } from './usePickManuscripts';

export const PICK_COLUMNS = ['index', 'title', 'type', 'memo', 'abstract', 'provider', 'reviewer', 'unit', 'submitter', 'time'] as const;

function WideRow({ children }: { children: ReactNode }) {
  return (
    <TableRow>
      <TableCell colSpan={PICK_COLUMNS.length + 1} sx={{ border: 0, py: 4, textAlign: 'center' }}>
        {children}
      </TableCell>
    </TableRow>
  );
}

export function PickRows({ state, users }: { state: PickState; users: readonly SelectableUser[] | undefined }) {
  const t = useWorkbenchText();
  const { list, rows } = state;
  if (list.isError) {
    return (
      <WideRow>
        <Alert
          severity="error"
          action={
            <Button color="inherit" size="small" onClick={() => void list.refetch()}>
              {t('page.retry')}
            </Button>
          }
        >
          {t('pick.load_failed')}：{errorMessage(list.error)}
        </Alert>
      </WideRow>
    );
  }
  if (list.isPending) {
    return (
      <WideRow>
        <Stack role="status" direction="row" spacing={1.5} alignItems="center" justifyContent="center" sx={{ color: 'text.secondary' }}>
          <CircularProgress size={20} />
          <Typography variant="body2">{t('pick.loading')}</Typography>
        </Stack>
      </WideRow>
    );
  }
  if (rows.length === 0) {
    return (
      <WideRow>
        <Typography variant="body2" color="text.secondary" data-testid="pick-empty">
          {t('pick.empty')}
        </Typography>
      </WideRow>
    );
  }
  return rows.map((row, i) => <PickRow key={row.id} row={row} index={state.rowsPage * POOL_PAGE_SIZE + i + 1} state={state} users={users} />);
}

function PickRow({ row, index, state, users }: { row: PoolManuscript; index: number; state: PickState; users: readonly SelectableUser[] | undefined }) {
  const t = useWorkbenchText();
  const chosen = state.isChosen(row);
  const inJournal = Boolean(row.inJournal);
  return (
    <TableRow hover={!inJournal} selected={chosen} onClick={() => state.toggle(row)} sx={{ cursor: inJournal ? 'default' : 'pointer' }} data-pool-id={row.id} aria-disabled={inJournal || undefined}>
      <TableCell padding="checkbox">
        <Checkbox
          size="small"
          checked={chosen || inJournal}
          disabled={inJournal}
          onClick={(event) => event.stopPropagation()}
          onChange={() => state.toggle(row)}
          slotProps={{ input: { 'aria-label': t('pick.select_row', { index }) } }}
        />
      </TableCell>
      <TableCell>{index}</TableCell>
      <TableCell sx={{ minWidth: 180 }}>
        <Stack direction="row" spacing={0.5} alignItems="center">
          <EllipsisText text={row.title} maxWidth={260} />
          {inJournal && <Chip size="small" label={t('pick.in_journal')} sx={{ height: 20, fontSize: 12 }} />}
        </Stack>
      </TableCell>
      <TableCell sx={{ whiteSpace: 'nowrap' }}>{t(`type.${typeOf(row)}`)}</TableCell>
      <TableCell>
        <EllipsisText text={row.memo ?? ''} maxWidth={120} />
      </TableCell>
      <TableCell>
        <EllipsisText text={row.abstracts ?? ''} maxWidth={200} />
      </TableCell>
      <TableCell sx={{ whiteSpace: 'nowrap' }}>{row.firstAuthor}</TableCell>
      <TableCell>
        <EllipsisText text={reviewerNames(row, users)} maxWidth={120} />
      </TableCell>
      <TableCell>
        <EllipsisText text={row.dept?.name ?? ''} maxWidth={120} />
      </TableCell>
      <TableCell sx={{ whiteSpace: 'nowrap' }}>{row.createBy?.nickName || row.createBy?.username || ''}</TableCell>
      <TableCell sx={{ whiteSpace: 'nowrap' }}>{row.createTime}</TableCell>
    </TableRow>
  );
}
