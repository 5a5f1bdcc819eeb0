// 期刊管理 tab (spec production-admin §2 "Journal form and list", §4): filters (product, year,
// status), the journal table with the state-machine actions, the add/edit dialog, and the way to
// the journal's manuscripts (`/product/manuscript?productId=&journalId=`).
import { type FormEvent, useEffect, useMemo, useState } from 'react';
import AddIcon from '@mui/icons-material/Add';
import ArticleOutlined from '@mui/icons-material/ArticleOutlined';
import DeleteIcon from '@mui/icons-material/DeleteOutline';
import EditIcon from '@mui/icons-material/EditOutlined';
import RefreshIcon from '@mui/icons-material/Refresh';
import SearchIcon from '@mui/icons-material/Search';
import {
  Alert,
  Box,
  Button,
  Checkbox,
  Chip,
  IconButton,
  LinearProgress,
  MenuItem,
  Paper,
  Skeleton,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TableRow,
  TextField,
  Tooltip,
  Typography,
} from '@mui/material';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { Link as RouterLink } from 'react-router-dom';
import { NewsPager } from '../news/NewsPager';
import type { ProductAbilities } from '../products/access';
import { useProductChoices } from '../products/queries';
import { ConfirmButton } from '../shared/ConfirmButton';
import { errorMessage, useApiMutation, useQueryErrorHandler } from '../shared/hooks';
import { actionsColumnSx, DEFAULT_PAGE_SIZE, EllipsisText, PAGE_SIZES } from '../shared/ListParts';
import { DEFAULT_JOURNAL_SORT, journalKeys, journalsApi } from './api';
import { dayOf, editorNames, isJournalStatus } from './format';
import { JournalFormDialog } from './JournalFormDialog';
import { isFinalised } from './journalStatus';
import { JournalStatusButtons } from './JournalStatusButton';
import { JOURNAL_STATUSES, type Journal, type JournalListQuery, type JournalStatus } from './types';
import { useJournalText } from './useJournalText';

export interface JournalListProps {
  abilities: ProductAbilities;
  /** The product filter to start with (`?productId=`). */
  initialProductId?: number | null;
}

/** Where a journal's manuscripts are edited (the journal editing page, spec §2). */
export const manuscriptsHref = (journal: Pick<Journal, 'id' | 'productId' | 'product'>): string =>
  `/product/manuscript?productId=${journal.productId ?? journal.product?.id ?? ''}&journalId=${journal.id}`;

const STATUS_COLOR: Record<JournalStatus, 'warning' | 'info' | 'success' | 'secondary'> = {
  edit: 'warning',
  submit: 'info',
  done: 'success',
  review: 'secondary',
};

interface Filters {
  productId: number | null;
  year: string;
  status: JournalStatus | '';
}

/** The filters as the list query sends them (a year that is not a whole number is left out). */
export function journalQueryOf(filters: Filters, page: number, size: number): JournalListQuery {
  const year = Number(filters.year);
  return {
    productId: filters.productId,
    year: filters.year.trim() !== '' && Number.isInteger(year) && year > 0 ? year : null,
    status: filters.status || null,
    page,
    size,
    sort: DEFAULT_JOURNAL_SORT,
  };
}

const headSx = { bgcolor: '#f8f8f9', color: 'text.secondary', fontWeight: 600, whiteSpace: 'nowrap' } as const;
const COLUMN_COUNT = 9;

export function JournalList({ abilities, initialProductId = null }: JournalListProps) {
  const t = useJournalText();
  const queryClient = useQueryClient();
  const initial: Filters = { productId: initialProductId, year: '', status: '' };
  const [draft, setDraft] = useState<Filters>(initial);
  const [filters, setFilters] = useState<Filters>(initial);
  const [page, setPage] = useState(0);
  const [size, setSize] = useState(DEFAULT_PAGE_SIZE);
  const [selected, setSelected] = useState<number[]>([]);
  const [dialog, setDialog] = useState<{ open: boolean; journal: Journal | null }>({ open: false, journal: null });

  const query = useMemo(() => journalQueryOf(filters, page, size), [filters, page, size]);
  const list = useQuery({
    queryKey: journalKeys.list(query),
    queryFn: ({ signal }) => journalsApi.list(query, signal),
    placeholderData: keepPreviousData,
  });
  useQueryErrorHandler(list.error);
  const products = useProductChoices();
  const users = useQuery({ queryKey: journalKeys.users, queryFn: ({ signal }) => journalsApi.users(signal), staleTime: 5 * 60_000, retry: false });
  const rows = useMemo(() => list.data?.content ?? [], [list.data]);
  const total = list.data?.totalElements ?? 0;

  useEffect(() => {
    if (list.data && !list.isPlaceholderData && rows.length === 0 && page > 0 && total > 0) setPage(Math.max(0, Math.ceil(total / size) - 1));
  }, [list.data, list.isPlaceholderData, rows.length, page, total, size]);

  const remove = useApiMutation((ids: number[]) => journalsApi.remove(ids), {
    successMessage: t('list.deleted'),
    onSuccess: (_result, ids) => {
      setSelected((current) => current.filter((id) => !ids.includes(id)));
      if (page > 0 && ids.filter((id) => rows.some((row) => row.id === id)).length >= rows.length) setPage(page - 1);
      void queryClient.invalidateQueries({ queryKey: journalKeys.all });
    },
  });

  const apply = (next: Filters) => {
    setFilters(next);
    setPage(0);
    setSelected([]);
  };
  const search = (event: FormEvent) => {
    event.preventDefault();
    if (JSON.stringify(draft) === JSON.stringify(filters) && page === 0) void list.refetch();
    else apply(draft);
  };
  const reset = () => {
    const cleared: Filters = { productId: null, year: '', status: '' };
    setDraft(cleared);
    apply(cleared);
  };

  const canSelect = abilities.deleteJournal;
  // the way to the manuscripts is always there, so is the 操作 column
  const columnCount = COLUMN_COUNT + (canSelect ? 1 : 0) + 1;
  const pageIds = rows.map((row) => row.id);
  const pageChosen = pageIds.length > 0 && pageIds.every((id) => selected.includes(id));
  const pagePartly = !pageChosen && pageIds.some((id) => selected.includes(id));
  const toggle = (id: number) => setSelected((current) => (current.includes(id) ? current.filter((x) => x !== id) : [...current, id]));
  const firstLoad = list.isPending;
  const busy = list.isFetching && !firstLoad;
  const filtered = filters.productId !== null || filters.year !== '' || filters.status !== '';

  const productOptions = useMemo(() => {
    const list = (products.data ?? []).map((product) => ({ id: product.id, name: product.name }));
    // a product filter from the address that the choice list does not hold (yet) still shows
    if (draft.productId !== null && !list.some((product) => product.id === draft.productId)) {
      const name = rows.find((row) => (row.productId ?? row.product?.id) === draft.productId)?.product?.name ?? String(draft.productId);
      list.unshift({ id: draft.productId, name });
    }
    return list;
  }, [products.data, draft.productId, rows]);

  const deleteButton = (ids: number[], variant: 'icon' | 'text') => (
    <ConfirmButton
      variant={variant}
      label={t(variant === 'icon' ? 'list.act_delete' : 'list.delete')}
      color="error"
      icon={<DeleteIcon fontSize={variant === 'icon' ? 'small' : 'medium'} />}
      title={t('list.confirm_title')}
      content={t('list.delete_confirm', { count: ids.length })}
      loading={remove.isPending}
      disabled={ids.length === 0}
      onConfirm={() => remove.mutate(ids)}
    />
  );

  return (
    <Box>
      <Stack direction="row" alignItems="center" useFlexGap flexWrap="wrap" spacing={1} component="form" onSubmit={search} sx={{ mb: 1.5 }} role="search">
        <TextField
          select
          size="small"
          label={t('list.filter_product')}
          value={draft.productId ?? ''}
          onChange={(event) => setDraft((d) => ({ ...d, productId: event.target.value === '' ? null : Number(event.target.value) }))}
          sx={{ width: { xs: '100%', sm: 220 } }}
        >
          <MenuItem value="">{t('list.filter_product_all')}</MenuItem>
          {productOptions.map((product) => (
            <MenuItem key={product.id} value={product.id}>
              {product.name}
            </MenuItem>
          ))}
        </TextField>
        <TextField
          size="small"
          type="number"
          label={t('list.filter_year')}
          value={draft.year}
          onChange={(event) => setDraft((d) => ({ ...d, year: event.target.value }))}
          sx={{ width: 120 }}
          slotProps={{ htmlInput: { min: 1, step: 1 } }}
        />
        <TextField
          select
          size="small"
          label={t('list.filter_status')}
          value={draft.status}
          onChange={(event) => setDraft((d) => ({ ...d, status: isJournalStatus(event.target.value) ? event.target.value : '' }))}
          sx={{ width: 160 }}
        >
          <MenuItem value="">{t('list.filter_status_all')}</MenuItem>
          {JOURNAL_STATUSES.map((status) => (
            <MenuItem key={status} value={status}>
              {t(`status.${status}`)}
            </MenuItem>
          ))}
        </TextField>
        <Button type="submit" size="small" variant="contained" startIcon={<SearchIcon />}>
          {t('list.search')}
        </Button>
        <Button size="small" variant="outlined" startIcon={<RefreshIcon />} onClick={reset}>
          {t('list.reset')}
        </Button>
      </Stack>

      <Stack direction="row" alignItems="center" useFlexGap flexWrap="wrap" spacing={1} sx={{ mb: 1 }} role="toolbar" aria-label={t('list.toolbar')}>
        {abilities.addJournal && (
          <Button size="small" variant="contained" startIcon={<AddIcon />} onClick={() => setDialog({ open: true, journal: null })}>
            {t('list.add')}
          </Button>
        )}
        {abilities.deleteJournal && deleteButton(selected, 'text')}
        {canSelect && selected.length > 0 && (
          <Typography variant="body2" color="text.secondary">
            {t('list.selected', { count: selected.length })}
          </Typography>
        )}
        <Box sx={{ flex: 1 }} />
        <Tooltip title={t('list.refresh')}>
          <IconButton size="small" aria-label={t('list.refresh')} onClick={() => void list.refetch()}>
            <RefreshIcon fontSize="small" />
          </IconButton>
        </Tooltip>
      </Stack>

      <Paper variant="outlined" sx={{ position: 'relative', overflow: 'hidden' }}>
        {busy && <LinearProgress sx={{ position: 'absolute', top: 0, left: 0, right: 0, height: 2, zIndex: 3 }} />}
        {list.isError && !list.data ? (
          <Alert
            severity="error"
            sx={{ m: 2 }}
            action={
              <Button color="inherit" size="small" onClick={() => void list.refetch()}>
                {t('list.retry')}
              </Button>
            }
          >
            {t('list.load_failed')}：{errorMessage(list.error)}
          </Alert>
        ) : (
          <TableContainer sx={{ opacity: busy ? 0.6 : 1, transition: 'opacity 150ms' }}>
            <Table size="small" aria-label={t('list.table_label')} aria-busy={list.isFetching}>
              <TableHead>
                <TableRow>
                  {canSelect && (
                    <TableCell padding="checkbox" sx={headSx}>
                      <Checkbox
                        size="small"
                        checked={pageChosen}
                        indeterminate={pagePartly}
                        disabled={rows.length === 0}
                        onChange={() => setSelected(pageChosen ? selected.filter((id) => !pageIds.includes(id)) : [...new Set([...selected, ...pageIds])])}
                        slotProps={{ input: { 'aria-label': t('list.select_page') } }}
                      />
                    </TableCell>
                  )}
                  <TableCell sx={headSx}>{t('list.col_product')}</TableCell>
                  <TableCell sx={headSx}>{t('list.col_year')}</TableCell>
                  <TableCell sx={headSx}>{t('list.col_no')}</TableCell>
                  <TableCell sx={headSx}>{t('list.col_total_no')}</TableCell>
                  <TableCell sx={headSx}>{t('list.col_editors')}</TableCell>
                  <TableCell sx={headSx}>{t('list.col_status')}</TableCell>
                  <TableCell sx={headSx}>{t('list.col_plan_publish')}</TableCell>
                  <TableCell sx={headSx}>{t('list.col_create_time')}</TableCell>
                  <TableCell sx={headSx}>{t('list.col_creator')}</TableCell>
                  <TableCell sx={{ ...headSx, ...actionsColumnSx }}>{t('list.col_actions')}</TableCell>
                </TableRow>
              </TableHead>
              <TableBody>
                {firstLoad
                  ? Array.from({ length: 5 }, (_, i) => (
                      <TableRow key={i}>
                        <TableCell colSpan={columnCount}>
                          <Skeleton variant="text" width={`${80 - (i % 3) * 15}%`} />
                        </TableCell>
                      </TableRow>
                    ))
                  : rows.map((journal, i) => {
                      const checked = selected.includes(journal.id);
                      const status = isJournalStatus(journal.status) ? journal.status : null;
                      return (
                        <TableRow key={journal.id} hover selected={checked}>
                          {canSelect && (
                            <TableCell padding="checkbox">
                              <Checkbox
                                size="small"
                                checked={checked}
                                onChange={() => toggle(journal.id)}
                                slotProps={{ input: { 'aria-label': t('list.select_row', { index: page * size + i + 1 }) } }}
                              />
                            </TableCell>
                          )}
                          <TableCell>
                            <EllipsisText text={journal.product?.name ?? ''} maxWidth={200} />
                          </TableCell>
                          <TableCell>{journal.year}</TableCell>
                          <TableCell>{journal.journalNo}</TableCell>
                          <TableCell>{journal.totalNo ?? ''}</TableCell>
                          <TableCell>
                            <EllipsisText text={editorNames(journal.editorIds, users.data)} maxWidth={160} />
                          </TableCell>
                          <TableCell>
                            {status ? (
                              <Chip size="small" variant="outlined" color={STATUS_COLOR[status]} label={t(`status.${status}`)} />
                            ) : (
                              String(journal.status ?? '')
                            )}
                          </TableCell>
                          <TableCell sx={{ whiteSpace: 'nowrap' }}>{dayOf(journal.planPublishTime)}</TableCell>
                          <TableCell sx={{ whiteSpace: 'nowrap' }}>{journal.createTime}</TableCell>
                          <TableCell>{journal.createBy?.username ?? ''}</TableCell>
                          <TableCell sx={actionsColumnSx}>
                            <Stack direction="row" spacing={0.5} alignItems="center">
                              {abilities.editJournal && (
                                <Tooltip title={t('list.act_edit')}>
                                  <IconButton size="small" color="primary" aria-label={t('list.act_edit')} onClick={() => setDialog({ open: true, journal })}>
                                    <EditIcon fontSize="small" />
                                  </IconButton>
                                </Tooltip>
                              )}
                              {abilities.deleteJournal && !isFinalised(journal.status) && deleteButton([journal.id], 'icon')}
                              {abilities.editJournal && <JournalStatusButtons journal={journal} />}
                              <Tooltip title={t('list.act_manuscripts')}>
                                <IconButton size="small" color="primary" aria-label={t('list.act_manuscripts')} component={RouterLink} to={manuscriptsHref(journal)}>
                                  <ArticleOutlined fontSize="small" />
                                </IconButton>
                              </Tooltip>
                            </Stack>
                          </TableCell>
                        </TableRow>
                      );
                    })}
                {!firstLoad && rows.length === 0 && (
                  <TableRow>
                    <TableCell colSpan={columnCount} sx={{ py: 6, textAlign: 'center', border: 0 }}>
                      <Typography variant="body2" color="text.secondary">
                        {filtered ? t('list.empty_filtered') : t('list.empty')}
                      </Typography>
                      {!filtered && abilities.addJournal && (
                        <Typography variant="caption" color="text.disabled">
                          {t('list.empty_hint')}
                        </Typography>
                      )}
                    </TableCell>
                  </TableRow>
                )}
              </TableBody>
            </Table>
          </TableContainer>
        )}
        <Box sx={{ borderTop: 1, borderColor: 'divider' }}>
          <NewsPager
            total={total}
            page={page + 1}
            size={size}
            sizes={PAGE_SIZES}
            disabled={firstLoad}
            onPage={(next) => {
              setPage(next - 1);
              setSelected([]);
            }}
            onSize={(next) => {
              setSize(next);
              setPage(0);
              setSelected([]);
            }}
          />
        </Box>
      </Paper>

      <JournalFormDialog
        open={dialog.open}
        journal={dialog.journal}
        defaultProductId={filters.productId}
        onClose={() => setDialog((d) => ({ ...d, open: false }))}
      />
    </Box>
  );
}
