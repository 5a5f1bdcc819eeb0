// 期刊管理 tab (spec production-admin §2 "Journal form and list", §4): filters (product, year,
// status), the journal table with the state-machine actions, the add/edit dialog, and the way to
// the journal's manuscripts, in the shell the list is in (products/managementRoutes `manuscriptsHref`).
// Who may write a journal (docs/production-api.md "Who may write a product's journals") is asked as
// the server asks it: a row whose `canEdit` is false shows its write actions disabled with the
// reason as tooltip and cannot be chosen for 删除; the toolbar's 新增 / 删除 and the selection are
// hidden from a caller who may write no product's journals (`productSetting/all?editable=true`).
import { type FormEvent, useEffect, useMemo, useState } from 'react';
import AddIcon from '@mui/icons-material/Add';
import ArticleOutlined from '@mui/icons-material/ArticleOutlined';
import DeleteIcon from '@mui/icons-material/DeleteOutline';
import EditIcon from '@mui/icons-material/EditOutlined';
import { Box, Button, Chip, IconButton, MenuItem, Stack, TableCell, TableRow, TextField, Tooltip } from '@mui/material';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { Link as RouterLink } from 'react-router-dom';
import { NewsPager } from '../news/NewsPager';
import type { ProductAbilities } from '../products/access';
import { type ManagementMode, manuscriptsHref } from '../products/managementRoutes';
import { useEditableProductChoices, useProductChoices } from '../products/queries';
import { useApiMutation, useQueryErrorHandler } from '../shared/hooks';
import {
  ActionToolbar,
  DeleteConfirmButton,
  DisabledAction,
  EmptyRow,
  ListFrame,
  listHeadSx,
  SearchForm,
  SelectAllCell,
  SelectRowCell,
  SkeletonRows,
  TipIconButton,
  toggleId,
} from '../shared/ListFrame';
import { actionsColumnSx, DEFAULT_PAGE_SIZE, EllipsisText, PAGE_SIZES } from '../shared/ListParts';
import { DEFAULT_JOURNAL_SORT, journalKeys, journalsApi } from './api';
import { dayOf, editorNames, isJournalStatus } from './format';
import { JournalFormDialog } from './JournalFormDialog';
import { canEditJournal, isFinalised } from './journalStatus';
import { JournalStatusButtons } from './JournalStatusButton';
import { JOURNAL_STATUSES, type Journal, type JournalListQuery, type JournalStatus } from './types';
import { useJournalText } from './useJournalText';

export interface JournalListProps {
  abilities: ProductAbilities;
  /** The product filter to start with (`?productId=`). */
  initialProductId?: number | null;
  /** The shell the list is in: its 稿件管理 links stay there. */
  mode?: ManagementMode;
}

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

const COLUMN_COUNT = 9;

export function JournalList({ abilities, initialProductId = null, mode = 'admin' }: JournalListProps) {
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
  const mayWrite = abilities.addJournal || abilities.editJournal || abilities.deleteJournal;
  const editableProducts = useEditableProductChoices(mayWrite);
  // until the answer is there (or when it failed) the permission alone decides; the server still refuses
  const mayWriteAny = editableProducts.data === undefined || editableProducts.data.length > 0;
  const notOwned = t('list.not_owned');
  const users = useQuery({ queryKey: journalKeys.users, queryFn: ({ signal }) => journalsApi.users(signal), staleTime: 5 * 60_000, retry: false });
  const rows = useMemo(() => list.data?.content ?? [], [list.data]);
  const total = list.data?.totalElements ?? 0;
  const editableIds = useMemo(() => rows.filter(canEditJournal).map((row) => row.id), [rows]);
  // only rows the caller may write can be chosen; a row that stopped being writable drops out
  const chosen = useMemo(() => selected.filter((id) => editableIds.includes(id)), [selected, editableIds]);

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

  const canSelect = abilities.deleteJournal && mayWriteAny;
  const canAdd = abilities.addJournal && mayWriteAny;
  // the way to the manuscripts is always there, so is the 操作 column
  const columnCount = COLUMN_COUNT + (canSelect ? 1 : 0) + 1;
  const firstLoad = list.isPending;
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
    <DeleteConfirmButton
      variant={variant}
      label={t(variant === 'icon' ? 'list.act_delete' : 'list.delete')}
      title={t('list.confirm_title')}
      content={t('list.delete_confirm', { count: ids.length })}
      loading={remove.isPending}
      disabled={ids.length === 0}
      onConfirm={() => remove.mutate(ids)}
    />
  );

  return (
    <Box>
      <SearchForm onSearch={search} onReset={reset} searchLabel={t('list.search')} resetLabel={t('list.reset')}>
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
      </SearchForm>

      <ActionToolbar
        label={t('list.toolbar')}
        selectedText={canSelect && chosen.length > 0 ? t('list.selected', { count: chosen.length }) : null}
        refreshLabel={t('list.refresh')}
        onRefresh={() => void list.refetch()}
      >
        {canAdd && (
          <Button size="small" variant="contained" startIcon={<AddIcon />} onClick={() => setDialog({ open: true, journal: null })}>
            {t('list.add')}
          </Button>
        )}
        {canSelect && deleteButton(chosen, 'text')}
      </ActionToolbar>

      <ListFrame
        label={t('list.table_label')}
        query={list}
        failedLabel={t('list.load_failed')}
        retryLabel={t('list.retry')}
        head={
          <>
            {canSelect && <SelectAllCell pageIds={editableIds} selected={chosen} onChange={setSelected} label={t('list.select_page')} />}
            <TableCell sx={listHeadSx}>{t('list.col_product')}</TableCell>
            <TableCell sx={listHeadSx}>{t('list.col_year')}</TableCell>
            <TableCell sx={listHeadSx}>{t('list.col_no')}</TableCell>
            <TableCell sx={listHeadSx}>{t('list.col_total_no')}</TableCell>
            <TableCell sx={listHeadSx}>{t('list.col_editors')}</TableCell>
            <TableCell sx={listHeadSx}>{t('list.col_status')}</TableCell>
            <TableCell sx={listHeadSx}>{t('list.col_plan_publish')}</TableCell>
            <TableCell sx={listHeadSx}>{t('list.col_create_time')}</TableCell>
            <TableCell sx={listHeadSx}>{t('list.col_creator')}</TableCell>
            <TableCell sx={{ ...listHeadSx, ...actionsColumnSx }}>{t('list.col_actions')}</TableCell>
          </>
        }
        footer={
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
        }
      >
        {firstLoad ? (
          <SkeletonRows columns={columnCount} />
        ) : (
          rows.map((journal, i) => {
            const checked = chosen.includes(journal.id);
            const status = isJournalStatus(journal.status) ? journal.status : null;
            const editable = canEditJournal(journal);
            return (
              <TableRow key={journal.id} hover selected={checked}>
                {canSelect && (
                  <SelectRowCell
                    checked={checked}
                    onToggle={() => setSelected((current) => toggleId(current, journal.id))}
                    label={t('list.select_row', { index: page * size + i + 1 })}
                    disabledReason={editable ? null : notOwned}
                  />
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
                  {status ? <Chip size="small" variant="outlined" color={STATUS_COLOR[status]} label={t(`status.${status}`)} /> : String(journal.status ?? '')}
                </TableCell>
                <TableCell sx={{ whiteSpace: 'nowrap' }}>{dayOf(journal.planPublishTime)}</TableCell>
                <TableCell sx={{ whiteSpace: 'nowrap' }}>{journal.createTime}</TableCell>
                <TableCell>{journal.createBy?.username ?? ''}</TableCell>
                <TableCell sx={actionsColumnSx}>
                  <Stack direction="row" spacing={0.5} alignItems="center">
                    {abilities.editJournal &&
                      (editable ? (
                        <TipIconButton label={t('list.act_edit')} onClick={() => setDialog({ open: true, journal })}>
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
                        deleteButton([journal.id], 'icon')
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
                  </Stack>
                </TableCell>
              </TableRow>
            );
          })
        )}
        {!firstLoad && rows.length === 0 && (
          <EmptyRow columns={columnCount} text={filtered ? t('list.empty_filtered') : t('list.empty')} hint={!filtered && canAdd ? t('list.empty_hint') : null} />
        )}
      </ListFrame>

      <JournalFormDialog
        open={dialog.open}
        journal={dialog.journal}
        defaultProductId={filters.productId !== null && editableProducts.data?.some((product) => product.id === filters.productId) ? filters.productId : null}
        onClose={() => setDialog((d) => ({ ...d, open: false }))}
      />
    </Box>
  );
}
