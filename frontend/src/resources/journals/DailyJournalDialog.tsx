// 选择日刊 (spec news-tracking §2 "Daily journal selection", §9): a date range (default the past 7
// days up to yesterday), 15 daily journals a page from `GET api/productJournal/dailyJournalList`
// (docs/journals-api.md), one or several rows chosen and handed to the caller. The state and the
// requests are in daily/useDailyJournals, the table body and the range form in daily/.
import {
  Box,
  Button,
  Checkbox,
  LinearProgress,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TablePagination,
  TableRow,
  type Theme,
  Typography,
  useMediaQuery,
} from '@mui/material';
import { DialogFrame } from '../shared/DialogFrame';
import { DAILY_JOURNAL_PAGE_SIZE } from './api';
import { DailyJournalRangeForm } from './daily/DailyJournalRangeForm';
import { DailyJournalRows } from './daily/DailyJournalRows';
import { type DailyJournals, useDailyJournals } from './daily/useDailyJournals';
import type { JournalRow } from './types';
import { useJournalText } from './useJournalText';
import { line } from '../../theme/theme';

export interface DailyJournalDialogProps {
  open: boolean;
  /** 取消, Esc or a click outside. */
  onClose: () => void;
  /**
   * 确认 with the chosen rows (in the order they were chosen; rows of other pages and earlier
   * searches included). The dialog does not close itself: the caller sets `open` to false.
   */
  onSelect: (rows: JournalRow[]) => void;
  /** Checkboxes (several journals, e.g. syncing dailies into a weekly) instead of radios. */
  multiple?: boolean;
}

const COLUMNS = ['index', 'product', 'year', 'no', 'editors', 'status', 'memo', 'create_time', 'plan_publish', 'creator'] as const;

export function DailyJournalDialog({ open, onClose, onSelect, multiple = false }: DailyJournalDialogProps) {
  const t = useJournalText();
  const fullScreen = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'), { noSsr: true });
  const state = useDailyJournals(open, multiple);
  const { list, rows, selected } = state;

  return (
    <DialogFrame
      open={open}
      title={t('daily.title')}
      onClose={onClose}
      onConfirm={() => onSelect(selected)}
      confirmDisabled={selected.length === 0}
      confirmLabel={t('daily.confirm')}
      cancelLabel={t('daily.cancel')}
      maxWidth="lg"
    >
      <DailyJournalRangeForm state={state} />
      <Box sx={{ position: 'relative', mt: 0.5, border: line(), borderRadius: 1 }}>
        {list.isFetching && !list.isPending && <LinearProgress sx={{ position: 'absolute', top: 0, left: 0, right: 0, zIndex: 3, height: 2 }} />}
        <TableContainer sx={{ maxHeight: fullScreen ? 'none' : '55vh' }}>
          <Table stickyHeader size="small" aria-busy={list.isFetching} sx={{ '& th, & td': { whiteSpace: 'nowrap', fontSize: 13 } }}>
            <TableHead>
              <TableRow>
                <TableCell padding="checkbox">
                  {multiple && (
                    <Checkbox
                      size="small"
                      checked={state.pageChosen}
                      indeterminate={state.pagePartly}
                      disabled={rows.length === 0}
                      onChange={state.togglePage}
                      slotProps={{ input: { 'aria-label': t('daily.select_page') } }}
                    />
                  )}
                </TableCell>
                {COLUMNS.map((column) => (
                  <TableCell key={column}>{t(`daily.col_${column}`)}</TableCell>
                ))}
              </TableRow>
            </TableHead>
            <TableBody>
              <DailyJournalRows state={state} multiple={multiple} />
            </TableBody>
          </Table>
        </TableContainer>
      </Box>
      <DailyJournalFooter state={state} />
    </DialogFrame>
  );
}

/** The chosen count with 清空, and the pager. */
function DailyJournalFooter({ state }: { state: DailyJournals }) {
  const t = useJournalText();
  const { list, selected, total, page, lastPage, setPage } = state;
  return (
    <Stack direction="row" alignItems="center" justifyContent="space-between" flexWrap="wrap" useFlexGap>
      <Stack direction="row" spacing={1} alignItems="center" sx={{ minHeight: 32 }}>
        {selected.length > 0 && (
          <>
            <Typography variant="body2" color="text.secondary" data-testid="daily-journal-selected">
              {t('daily.selected', { count: selected.length })}
            </Typography>
            <Button size="small" onClick={state.clearSelection}>
              {t('daily.clear_selection')}
            </Button>
          </>
        )}
      </Stack>
      <TablePagination
        component="div"
        count={total}
        page={Math.min(page, lastPage)}
        rowsPerPage={DAILY_JOURNAL_PAGE_SIZE}
        rowsPerPageOptions={[]}
        onPageChange={(_event, next) => setPage(next)}
        labelDisplayedRows={({ from, to, count }) => (count > 0 ? t('daily.rows', { from, to, total: count }) : t('daily.total', { total: 0 }))}
        getItemAriaLabel={(type) => (type === 'previous' ? t('daily.prev') : t('daily.next'))}
        disabled={list.isFetching}
        sx={{ border: 0, '& .MuiTablePagination-toolbar': { minHeight: 44, pl: 0 } }}
      />
    </Stack>
  );
}
