// 选择日刊 (spec news-tracking §2 "Daily journal selection", §9): a date range (default the past 7
// days up to yesterday), 15 daily journals a page from `GET api/productJournal/dailyJournalList`
// (docs/journals-api.md), one or several rows chosen and handed to the caller.
import { type FormEvent, useEffect, useMemo, useState } from 'react';
import SearchIcon from '@mui/icons-material/Search';
import EventBusyOutlined from '@mui/icons-material/EventBusyOutlined';
import {
  Alert,
  AlertTitle,
  Box,
  Button,
  Checkbox,
  Chip,
  CircularProgress,
  LinearProgress,
  Radio,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TablePagination,
  TableRow,
  TextField,
  type Theme,
  Typography,
  useMediaQuery,
} from '@mui/material';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { HttpError, useLogoutIfAccessDenied } from 'react-admin';
import { DialogFrame } from '../shared/DialogFrame';
import { errorMessage } from '../shared/hooks';
import { DAILY_JOURNAL_PAGE_SIZE, journalKeys, journalsApi } from './api';
import { dayOf, editorNames, isJournalStatus } from './format';
import { defaultJournalRange, type JournalRange, rangeProblem } from './range';
import type { DailyJournalQuery, JournalRow, JournalStatus } from './types';
import { useJournalText } from './useJournalText';

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

const STATUS_COLOR: Record<JournalStatus, 'warning' | 'info' | 'success' | 'secondary'> = {
  edit: 'warning',
  submit: 'info',
  done: 'success',
  review: 'secondary',
};

const COLUMN_COUNT = 11;

const statusOf = (error: unknown): number | undefined => (error instanceof HttpError ? error.status : undefined);

/** 4xx answers are final (a missing endpoint, a bad range, no permission); others are retried once. */
const retryServerErrors = (failureCount: number, error: unknown) => {
  const status = statusOf(error);
  return !(status && status >= 400 && status < 500) && failureCount < 1;
};

const ellipsis = { maxWidth: 180, overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' } as const;

export function DailyJournalDialog({ open, onClose, onSelect, multiple = false }: DailyJournalDialogProps) {
  const t = useJournalText();
  const fullScreen = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'), { noSsr: true });
  const logoutIfAccessDenied = useLogoutIfAccessDenied();

  const [draft, setDraft] = useState<JournalRange>(() => defaultJournalRange(new Date()));
  const [applied, setApplied] = useState<JournalRange>(draft);
  const [page, setPage] = useState(0);
  const [selected, setSelected] = useState<JournalRow[]>([]);

  // Every opening starts afresh (default range, first page, nothing chosen). Adjusted during render,
  // so the first request of an opening already carries the new range.
  const [wasOpen, setWasOpen] = useState(open);
  if (open !== wasOpen) {
    setWasOpen(open);
    if (open) {
      const range = defaultJournalRange(new Date());
      setDraft(range);
      setApplied(range);
      setPage(0);
      setSelected([]);
    }
  }

  const query: DailyJournalQuery = useMemo(() => ({ ...applied, page, size: DAILY_JOURNAL_PAGE_SIZE }), [applied, page]);
  const list = useQuery({
    queryKey: journalKeys.daily(query),
    // the page travels with its rows: while the next page loads, the previous rows keep their numbers
    queryFn: async ({ signal }) => ({ page: query.page, ...(await journalsApi.dailyList(query, signal)) }),
    enabled: open,
    placeholderData: keepPreviousData,
    staleTime: 0,
    retry: retryServerErrors,
  });
  const users = useQuery({
    queryKey: journalKeys.users,
    queryFn: ({ signal }) => journalsApi.users(signal),
    enabled: open,
    staleTime: 5 * 60_000,
    retry: false,
  });

  // An expired session ends it as everywhere else; other errors stay inside the dialog.
  useEffect(() => {
    if (statusOf(list.error) === 401) void logoutIfAccessDenied(list.error);
  }, [list.error, logoutIfAccessDenied]);

  const problem = rangeProblem(draft);
  const rows = list.isError ? [] : (list.data?.content ?? []);
  const total = list.isError ? 0 : (list.data?.totalElements ?? 0);
  const rowsPage = list.data?.page ?? page;
  const lastPage = Math.max(0, Math.ceil(total / DAILY_JOURNAL_PAGE_SIZE) - 1);
  const selectedIds = new Set(selected.map((row) => row.id));

  // Journals deleted meanwhile can leave the page past the end: go back to the last page.
  const pastEnd = !list.isFetching && list.isSuccess && total > 0 && page > lastPage;
  useEffect(() => {
    if (pastEnd) setPage(lastPage);
  }, [pastEnd, lastPage]);

  const search = (event: FormEvent) => {
    event.preventDefault();
    if (problem) return;
    if (draft.startDate === applied.startDate && draft.endDate === applied.endDate && page === 0) {
      void list.refetch();
      return;
    }
    setApplied(draft);
    setPage(0);
  };

  const toggle = (row: JournalRow) => {
    if (!multiple) {
      setSelected([row]);
      return;
    }
    setSelected((current) => (current.some((r) => r.id === row.id) ? current.filter((r) => r.id !== row.id) : [...current, row]));
  };

  const pageChosen = rows.length > 0 && rows.every((row) => selectedIds.has(row.id));
  const pagePartly = !pageChosen && rows.some((row) => selectedIds.has(row.id));
  const togglePage = () => {
    setSelected((current) =>
      pageChosen
        ? current.filter((r) => !rows.some((row) => row.id === r.id))
        : [...current, ...rows.filter((row) => !current.some((r) => r.id === row.id))],
    );
  };

  const fieldError = (field: 'start' | 'end') => {
    if (problem === 'start_after_end') return field === 'start' ? t('daily.start_after_end') : undefined;
    if (problem === `${field}_missing`) return t(`daily.${field}_missing`);
    return undefined;
  };

  const dateField = (field: 'start' | 'end') => {
    const key = field === 'start' ? 'startDate' : 'endDate';
    const error = fieldError(field);
    return (
      <TextField
        type="date"
        size="small"
        label={t(`daily.${field}`)}
        value={draft[key]}
        onChange={(event) => setDraft((current) => ({ ...current, [key]: event.target.value }))}
        error={Boolean(error)}
        helperText={error ?? ' '}
        slotProps={{ inputLabel: { shrink: true }, htmlInput: { 'aria-label': t(`daily.${field}`) } }}
        sx={{ width: 180, m: 0 }}
      />
    );
  };

  const errorStatus = statusOf(list.error);

  const body = () => {
    if (list.isError) {
      return (
        <TableRow>
          <TableCell colSpan={COLUMN_COUNT} sx={{ border: 0, py: 3 }}>
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
          </TableCell>
        </TableRow>
      );
    }
    if (list.isPending) {
      return (
        <TableRow>
          <TableCell colSpan={COLUMN_COUNT} sx={{ border: 0 }}>
            <Stack role="status" direction="row" spacing={1.5} alignItems="center" justifyContent="center" sx={{ py: 8, color: 'text.secondary' }}>
              <CircularProgress size={20} />
              <Typography variant="body2">{t('daily.loading')}</Typography>
            </Stack>
          </TableCell>
        </TableRow>
      );
    }
    if (rows.length === 0) {
      return (
        <TableRow>
          <TableCell colSpan={COLUMN_COUNT} sx={{ border: 0 }}>
            <Box data-testid="daily-journal-empty" sx={{ py: 7, textAlign: 'center' }}>
              <EventBusyOutlined sx={{ fontSize: 48, color: '#c0c4cc' }} />
              <Typography color="text.secondary" sx={{ mt: 1 }}>
                {t('daily.empty')}
              </Typography>
              <Typography variant="caption" color="text.disabled">
                {t('daily.empty_hint')}
              </Typography>
            </Box>
          </TableCell>
        </TableRow>
      );
    }
    return rows.map((row, i) => {
      const index = rowsPage * DAILY_JOURNAL_PAGE_SIZE + i + 1;
      const chosen = selectedIds.has(row.id);
      const editors = editorNames(row.editorIds, users.data);
      const label = t('daily.select_row', { index });
      return (
        <TableRow
          key={row.id}
          hover
          selected={chosen}
          data-journal-id={row.id}
          onClick={() => toggle(row)}
          sx={{ cursor: 'pointer' }}
        >
          <TableCell padding="checkbox">
            {multiple ? (
              <Checkbox size="small" checked={chosen} onClick={(e) => e.stopPropagation()} onChange={() => toggle(row)} slotProps={{ input: { 'aria-label': label } }} />
            ) : (
              <Radio size="small" checked={chosen} onClick={(e) => e.stopPropagation()} onChange={() => toggle(row)} slotProps={{ input: { 'aria-label': label } }} />
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
    });
  };

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
        <Stack component="form" direction="row" spacing={1.5} alignItems="flex-start" flexWrap="wrap" useFlexGap onSubmit={search} noValidate aria-label={t('daily.title')}>
          {dateField('start')}
          <Typography color="text.secondary" sx={{ lineHeight: '40px' }}>
            {t('daily.to')}
          </Typography>
          {dateField('end')}
          <Button type="submit" variant="contained" startIcon={<SearchIcon />} disabled={Boolean(problem)} sx={{ height: 40 }}>
            {t('daily.search')}
          </Button>
        </Stack>
        <Box sx={{ position: 'relative', mt: 0.5, border: '1px solid #ebeef5', borderRadius: 1 }}>
          {list.isFetching && !list.isPending && <LinearProgress sx={{ position: 'absolute', top: 0, left: 0, right: 0, zIndex: 3, height: 2 }} />}
          <TableContainer sx={{ maxHeight: fullScreen ? 'none' : '55vh' }}>
            <Table stickyHeader size="small" aria-busy={list.isFetching} sx={{ '& th, & td': { whiteSpace: 'nowrap', fontSize: 13 } }}>
              <TableHead>
                <TableRow>
                  <TableCell padding="checkbox">
                    {multiple && (
                      <Checkbox
                        size="small"
                        checked={pageChosen}
                        indeterminate={pagePartly}
                        disabled={rows.length === 0}
                        onChange={togglePage}
                        slotProps={{ input: { 'aria-label': t('daily.select_page') } }}
                      />
                    )}
                  </TableCell>
                  <TableCell>{t('daily.col_index')}</TableCell>
                  <TableCell>{t('daily.col_product')}</TableCell>
                  <TableCell>{t('daily.col_year')}</TableCell>
                  <TableCell>{t('daily.col_no')}</TableCell>
                  <TableCell>{t('daily.col_editors')}</TableCell>
                  <TableCell>{t('daily.col_status')}</TableCell>
                  <TableCell>{t('daily.col_memo')}</TableCell>
                  <TableCell>{t('daily.col_create_time')}</TableCell>
                  <TableCell>{t('daily.col_plan_publish')}</TableCell>
                  <TableCell>{t('daily.col_creator')}</TableCell>
                </TableRow>
              </TableHead>
              <TableBody>{body()}</TableBody>
            </Table>
          </TableContainer>
        </Box>
        <Stack direction="row" alignItems="center" justifyContent="space-between" flexWrap="wrap" useFlexGap>
          <Stack direction="row" spacing={1} alignItems="center" sx={{ minHeight: 32 }}>
            {selected.length > 0 && (
              <>
                <Typography variant="body2" color="text.secondary" data-testid="daily-journal-selected">
                  {t('daily.selected', { count: selected.length })}
                </Typography>
                <Button size="small" onClick={() => setSelected([])}>
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
    </DialogFrame>
  );
}
