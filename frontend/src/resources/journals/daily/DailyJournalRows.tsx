// The body of the 选择日刊 table: the error, loading and empty states, or one row per daily journal
// with its radio (one journal) or checkbox (several).
import type { ReactNode } from 'react';
import EventBusyOutlined from '@mui/icons-material/EventBusyOutlined';
import { Alert, AlertTitle, Box, Button, Checkbox, Chip, CircularProgress, Radio, Stack, TableCell, TableRow, Typography } from '@mui/material';
import { errorMessage } from '../../shared/hooks';
import { DAILY_JOURNAL_PAGE_SIZE } from '../api';
import { dayOf, editorNames, isJournalStatus } from '../format';
import type { JournalRow, JournalStatus } from '../types';
import { useJournalText } from '../useJournalText';
import { type DailyJournals, statusOf } from './useDailyJournals';
import { horizon } from '../../../theme/theme';

const STATUS_COLOR: Record<JournalStatus, 'warning' | 'info' | 'success' | 'secondary'> = {
  edit: 'warning',
  submit: 'info',
  done: 'success',
  review: 'secondary',
};

export const COLUMN_COUNT = 11;

const ellipsis = { maxWidth: 180, overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' } as const;

/** A row spanning the whole table (the error, loading and empty states). */
function WideRow({ children, py }: { children: ReactNode; py?: number }) {
  return (
    <TableRow>
      <TableCell colSpan={COLUMN_COUNT} sx={py === undefined ? { border: 0 } : { border: 0, py }}>
        {children}
      </TableCell>
    </TableRow>
  );
}

export function DailyJournalRows({ state, multiple }: { state: DailyJournals; multiple: boolean }) {
  const t = useJournalText();
  const { list, users, rows, rowsPage, selectedIds, toggle } = state;
  if (list.isError) {
    const errorStatus = statusOf(list.error);
    return (
      <WideRow py={3}>
        <Alert
          severity={errorStatus === 404 ? 'warning' : 'error'}
          data-testid="daily-journal-error"
          action={
            <Button color="inherit" size="small" onClick={() => void list.refetch()}>
              {t('daily.retry')}
            </Button>
          }
        >
          <AlertTitle>{errorStatus === 404 ? t('daily.unavailable') : t('daily.load_failed')}</AlertTitle>
          {errorMessage(list.error)}
        </Alert>
      </WideRow>
    );
  }
  if (list.isPending) {
    return (
      <WideRow>
        <Stack role="status" direction="row" spacing={1.5} alignItems="center" justifyContent="center" sx={{ py: 8, color: 'text.secondary' }}>
          <CircularProgress size={20} />
          <Typography variant="body2">{t('daily.loading')}</Typography>
        </Stack>
      </WideRow>
    );
  }
  if (rows.length === 0) {
    return (
      <WideRow>
        <Box data-testid="daily-journal-empty" sx={{ py: 7, textAlign: 'center' }}>
          <EventBusyOutlined sx={{ fontSize: 48, color: horizon('textPlaceholder') }} />
          <Typography color="text.secondary" sx={{ mt: 1 }}>
            {t('daily.empty')}
          </Typography>
          <Typography variant="caption" color="text.disabled">
            {t('daily.empty_hint')}
          </Typography>
        </Box>
      </WideRow>
    );
  }
  return rows.map((row, i) => {
    const index = rowsPage * DAILY_JOURNAL_PAGE_SIZE + i + 1;
    return (
      <DailyJournalRow
        key={row.id}
        row={row}
        index={index}
        chosen={selectedIds.has(row.id)}
        editors={editorNames(row.editorIds, users.data)}
        multiple={multiple}
        onToggle={() => toggle(row)}
      />
    );
  });
}

interface DailyJournalRowProps {
  row: JournalRow;
  index: number;
  chosen: boolean;
  editors: string;
  multiple: boolean;
  onToggle: () => void;
}

function DailyJournalRow({ row, index, chosen, editors, multiple, onToggle }: DailyJournalRowProps) {
  const t = useJournalText();
  const label = t('daily.select_row', { index });
  return (
    <TableRow hover selected={chosen} data-journal-id={row.id} onClick={onToggle} sx={{ cursor: 'pointer' }}>
      <TableCell padding="checkbox">
        {multiple ? (
          <Checkbox size="small" checked={chosen} onClick={(e) => e.stopPropagation()} onChange={onToggle} slotProps={{ input: { 'aria-label': label } }} />
        ) : (
          <Radio size="small" checked={chosen} onClick={(e) => e.stopPropagation()} onChange={onToggle} slotProps={{ input: { 'aria-label': label } }} />
        )}
      </TableCell>
      <TableCell>{index}</TableCell>
      <TableCell sx={ellipsis} title={row.product?.name ?? undefined}>
        {row.product?.name ?? '—'}
      </TableCell>
      <TableCell>{row.year}</TableCell>
      <TableCell>{row.journalNo}</TableCell>
      <TableCell sx={{ ...ellipsis, maxWidth: 140 }} title={editors || undefined}>
        {editors || '—'}
      </TableCell>
      <TableCell>
        {isJournalStatus(row.status) ? (
          <Chip size="small" variant="outlined" color={STATUS_COLOR[row.status]} label={t(`status.${row.status}`)} sx={{ height: 22, fontSize: 12 }} />
        ) : (
          <Chip size="small" variant="outlined" label={String(row.status ?? '—')} sx={{ height: 22, fontSize: 12 }} />
        )}
      </TableCell>
      <TableCell sx={ellipsis} title={row.memo || undefined}>
        {row.memo || '—'}
      </TableCell>
      <TableCell>{row.createTime}</TableCell>
      <TableCell>{dayOf(row.planPublishTime) || '—'}</TableCell>
      <TableCell>{row.createBy?.username ?? '—'}</TableCell>
    </TableRow>
  );
}
