// 产品管理 tab (spec production-admin §2 "Product settings screen"): search by name, 新增 / 修改 (one
// row) / 删除 (one or more) / 导出, the column-visibility popover, the product table with its row
// actions (编辑, 删除, 统计报告, 期刊管理) and the add/edit and statistics dialogs.
import { type FormEvent, type ReactNode, useEffect, useMemo, useState } from 'react';
import AddIcon from '@mui/icons-material/Add';
import AssessmentOutlined from '@mui/icons-material/AssessmentOutlined';
import DeleteIcon from '@mui/icons-material/DeleteOutline';
import DownloadIcon from '@mui/icons-material/FileDownloadOutlined';
import EditIcon from '@mui/icons-material/EditOutlined';
import LibraryBooksOutlined from '@mui/icons-material/LibraryBooksOutlined';
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
  Link,
  Paper,
  Skeleton,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TableRow,
  TableSortLabel,
  TextField,
  Tooltip,
  Typography,
} from '@mui/material';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { useStore } from 'react-admin';
import { openDownload } from '../files';
import { NewsPager } from '../news/NewsPager';
import { ConfirmButton } from '../shared/ConfirmButton';
import { errorMessage, useApiErrorHandler, useApiMutation, useQueryErrorHandler } from '../shared/hooks';
import { actionsColumnSx, DEFAULT_PAGE_SIZE, EllipsisText, PAGE_SIZES } from '../shared/ListParts';
import type { ProductAbilities } from './access';
import { DEFAULT_PRODUCT_SORT, productKeys, productsApi } from './api';
import { ColumnVisibility } from './ColumnVisibility';
import { normaliseVisibleColumns, type ProductColumnKey } from './columnVisibility';
import { ProductFormDialog } from './ProductFormDialog';
import { columnNames, createTimeDirection, nextCreateTimeSort, pageAfterRemoval, toolbarState } from './productList';
import { periodLabel, usePeriods } from './queries';
import { StatisticsDialog } from './StatisticsDialog';
import type { Product, ProductListQuery } from './types';
import { useProductText } from './useProductText';

export interface ProductSettingsListProps {
  abilities: ProductAbilities;
  /** 期刊管理 of a row: the journal list filtered by the product. */
  onOpenJournals?: (product: Product) => void;
}

export const VISIBLE_COLUMNS_STORE_KEY = 'products.visibleColumns';

const headSx = { bgcolor: '#f8f8f9', color: 'text.secondary', fontWeight: 600, whiteSpace: 'nowrap' } as const;

export function ProductSettingsList({ abilities, onOpenJournals }: ProductSettingsListProps) {
  const t = useProductText();
  const queryClient = useQueryClient();
  const onError = useApiErrorHandler();

  const [text, setText] = useState('');
  const [query, setQuery] = useState<ProductListQuery>({ name: '', page: 0, size: DEFAULT_PAGE_SIZE, sort: DEFAULT_PRODUCT_SORT });
  const [selected, setSelected] = useState<number[]>([]);
  const [dialog, setDialog] = useState<{ open: boolean; product: Product | null }>({ open: false, product: null });
  const [statistics, setStatistics] = useState<{ open: boolean; product: Product | null }>({ open: false, product: null });
  const [exporting, setExporting] = useState(false);
  const [storedColumns, setStoredColumns] = useStore<unknown>(VISIBLE_COLUMNS_STORE_KEY);
  const visible = useMemo(() => normaliseVisibleColumns(storedColumns), [storedColumns]);

  const list = useQuery({
    queryKey: productKeys.list(query),
    queryFn: ({ signal }) => productsApi.list(query, signal),
    placeholderData: keepPreviousData,
  });
  useQueryErrorHandler(list.error);
  const periods = usePeriods();
  const rows = useMemo(() => list.data?.content ?? [], [list.data]);
  const total = list.data?.totalElements ?? 0;

  // a page past the end (rows removed elsewhere): show the last page there is
  useEffect(() => {
    if (list.data && !list.isPlaceholderData && rows.length === 0 && query.page > 0 && total > 0) {
      setQuery((q) => ({ ...q, page: Math.max(0, Math.ceil(total / q.size) - 1) }));
    }
  }, [list.data, list.isPlaceholderData, rows.length, query.page, total]);

  const update = (next: Partial<ProductListQuery>) => {
    setQuery((q) => ({ ...q, ...next }));
    setSelected([]);
  };

  const remove = useApiMutation((ids: number[]) => productsApi.remove(ids), {
    successMessage: t('list.deleted'),
    onSuccess: (_result, ids) => {
      setSelected((current) => current.filter((id) => !ids.includes(id)));
      const page = pageAfterRemoval(query.page, rows.length, ids.filter((id) => rows.some((row) => row.id === id)).length);
      if (page !== query.page) setQuery((q) => ({ ...q, page }));
      void queryClient.invalidateQueries({ queryKey: productKeys.all });
    },
  });

  const search = (event?: FormEvent) => {
    event?.preventDefault();
    if (text.trim() === query.name && query.page === 0) void list.refetch();
    else update({ name: text.trim(), page: 0 });
  };
  const reset = () => {
    setText('');
    update({ name: '', page: 0, sort: DEFAULT_PRODUCT_SORT });
  };

  const exportXlsx = async () => {
    setExporting(true);
    try {
      await productsApi.exportXlsx(query.name, t('list.export_title'));
    } catch (error) {
      onError(error);
    } finally {
      setExporting(false);
    }
  };

  const canSelect = abilities.editProduct || abilities.deleteProduct;
  const toolbar = toolbarState(selected.length);
  const selectedRow = selected.length === 1 ? rows.find((row) => row.id === selected[0]) : undefined;
  const pageIds = rows.map((row) => row.id);
  const pageChosen = pageIds.length > 0 && pageIds.every((id) => selected.includes(id));
  const pagePartly = !pageChosen && pageIds.some((id) => selected.includes(id));
  const toggle = (id: number) => setSelected((current) => (current.includes(id) ? current.filter((x) => x !== id) : [...current, id]));

  const labels: Record<ProductColumnKey, string> = {
    name: t('list.col_name'),
    type: t('list.col_type'),
    contentType: t('list.col_content_type'),
    editors: t('list.col_editors'),
    columns: t('list.col_columns'),
    period: t('list.col_period'),
    template: t('list.col_template'),
    createTime: t('list.col_create_time'),
  };
  const hasActions = abilities.editProduct || abilities.deleteProduct || abilities.listProducts || (abilities.listJournals && Boolean(onOpenJournals));
  const columnCount = visible.length + (canSelect ? 1 : 0) + (hasActions ? 1 : 0);
  const firstLoad = list.isPending;
  const busy = list.isFetching && !firstLoad;

  const cells: Record<ProductColumnKey, (product: Product) => ReactNode> = {
    name: (product) => (
      <Stack direction="row" spacing={0.75} alignItems="center">
        <EllipsisText text={product.name} maxWidth={220} />
        {product.isWeekly && <Chip size="small" color="primary" variant="outlined" label={t('list.weekly')} />}
      </Stack>
    ),
    type: (product) => t(`type.${product.type === '2' ? '2' : '1'}`),
    contentType: (product) => t(`content_type.${product.contentType === '1' ? '1' : '2'}`),
    editors: (product) => (
      <EllipsisText text={(product.editors ?? []).map((editor) => editor.nickName || String(editor.id)).join('、') || (product.editorIds ?? '')} maxWidth={180} />
    ),
    columns: (product) => <EllipsisText text={columnNames(product.columnList, (name) => `${name}（${t('list.column_disabled')}）`)} maxWidth={240} />,
    period: (product) => periodLabel(product.period, periods.data),
    template: (product) => (
      <Stack spacing={0.25}>
        {(product.files ?? []).map((file) => (
          <Link
            key={file.id}
            component="button"
            type="button"
            underline="hover"
            aria-label={t('list.download', { name: file.realName })}
            sx={{ textAlign: 'left', maxWidth: 200, overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' }}
            onClick={(event) => {
              event.stopPropagation();
              void openDownload(file.id).catch(onError);
            }}
          >
            {file.realName}
          </Link>
        ))}
      </Stack>
    ),
    createTime: (product) => <Box sx={{ whiteSpace: 'nowrap' }}>{product.createTime}</Box>,
  };

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
          size="small"
          label={t('list.search_label')}
          placeholder={t('list.search_placeholder')}
          value={text}
          onChange={(event) => setText(event.target.value)}
          sx={{ width: { xs: '100%', sm: 240 } }}
          slotProps={{ htmlInput: { maxLength: 100 } }}
        />
        <Button type="submit" size="small" variant="contained" startIcon={<SearchIcon />}>
          {t('list.search')}
        </Button>
        <Button size="small" variant="outlined" startIcon={<RefreshIcon />} onClick={reset}>
          {t('list.reset')}
        </Button>
      </Stack>

      <Stack direction="row" alignItems="center" useFlexGap flexWrap="wrap" spacing={1} sx={{ mb: 1 }} role="toolbar" aria-label={t('list.toolbar')}>
        {abilities.addProduct && (
          <Button size="small" variant="contained" startIcon={<AddIcon />} onClick={() => setDialog({ open: true, product: null })}>
            {t('list.add')}
          </Button>
        )}
        {abilities.editProduct && (
          <Button
            size="small"
            variant="outlined"
            color="success"
            startIcon={<EditIcon />}
            disabled={!toolbar.edit || !selectedRow}
            onClick={() => selectedRow && setDialog({ open: true, product: selectedRow })}
          >
            {t('list.edit')}
          </Button>
        )}
        {abilities.deleteProduct && deleteButton(selected, 'text')}
        <Button size="small" variant="outlined" color="warning" startIcon={<DownloadIcon />} disabled={exporting} onClick={() => void exportXlsx()}>
          {t('list.export')}
        </Button>
        {canSelect && selected.length > 0 && (
          <Typography variant="body2" color="text.secondary">
            {t('list.selected', { count: selected.length })}
          </Typography>
        )}
        <Box sx={{ flex: 1 }} />
        <Tooltip title={t('list.retry')}>
          <IconButton size="small" aria-label={t('list.retry')} onClick={() => void list.refetch()}>
            <RefreshIcon fontSize="small" />
          </IconButton>
        </Tooltip>
        <ColumnVisibility visible={visible} onChange={(next) => setStoredColumns([...next])} labels={labels} />
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
                  {visible.map((key) =>
                    key === 'createTime' ? (
                      <TableCell key={key} sx={headSx} sortDirection={createTimeDirection(query.sort)}>
                        <TableSortLabel
                          active={createTimeDirection(query.sort) !== false}
                          direction={createTimeDirection(query.sort) || 'asc'}
                          onClick={() => update({ sort: nextCreateTimeSort(query.sort), page: 0 })}
                        >
                          {labels.createTime}
                        </TableSortLabel>
                      </TableCell>
                    ) : (
                      <TableCell key={key} sx={headSx}>
                        {labels[key]}
                      </TableCell>
                    ),
                  )}
                  {hasActions && <TableCell sx={{ ...headSx, ...actionsColumnSx }}>{t('list.col_actions')}</TableCell>}
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
                  : rows.map((product) => {
                      const checked = selected.includes(product.id);
                      return (
                        <TableRow key={product.id} hover selected={checked} onClick={canSelect ? () => toggle(product.id) : undefined} sx={{ cursor: canSelect ? 'pointer' : undefined }}>
                          {canSelect && (
                            <TableCell padding="checkbox">
                              <Checkbox
                                size="small"
                                checked={checked}
                                onClick={(event) => event.stopPropagation()}
                                onChange={() => toggle(product.id)}
                                slotProps={{ input: { 'aria-label': t('list.select_row', { name: product.name }) } }}
                              />
                            </TableCell>
                          )}
                          {visible.map((key) => (
                            <TableCell key={key}>{cells[key](product)}</TableCell>
                          ))}
                          {hasActions && (
                            <TableCell sx={actionsColumnSx} onClick={(event) => event.stopPropagation()}>
                              <Stack direction="row" spacing={0.5} alignItems="center">
                                {abilities.editProduct && (
                                  <Tooltip title={t('list.act_edit')}>
                                    <IconButton size="small" color="primary" aria-label={t('list.act_edit')} onClick={() => setDialog({ open: true, product })}>
                                      <EditIcon fontSize="small" />
                                    </IconButton>
                                  </Tooltip>
                                )}
                                {abilities.deleteProduct && deleteButton([product.id], 'icon')}
                                {abilities.listProducts && (
                                  <Tooltip title={t('list.act_statistics')}>
                                    <IconButton size="small" color="primary" aria-label={t('list.act_statistics')} onClick={() => setStatistics({ open: true, product })}>
                                      <AssessmentOutlined fontSize="small" />
                                    </IconButton>
                                  </Tooltip>
                                )}
                                {abilities.listJournals && onOpenJournals && (
                                  <Tooltip title={t('list.act_journals')}>
                                    <IconButton size="small" color="primary" aria-label={t('list.act_journals')} onClick={() => onOpenJournals(product)}>
                                      <LibraryBooksOutlined fontSize="small" />
                                    </IconButton>
                                  </Tooltip>
                                )}
                              </Stack>
                            </TableCell>
                          )}
                        </TableRow>
                      );
                    })}
                {!firstLoad && rows.length === 0 && (
                  <TableRow>
                    <TableCell colSpan={columnCount} sx={{ py: 6, textAlign: 'center', border: 0 }}>
                      <Typography variant="body2" color="text.secondary">
                        {query.name ? t('list.empty_search', { name: query.name }) : t('list.empty')}
                      </Typography>
                      {!query.name && abilities.addProduct && (
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
            page={query.page + 1}
            size={query.size}
            sizes={PAGE_SIZES}
            disabled={firstLoad}
            onPage={(page) => update({ page: page - 1 })}
            onSize={(size) => update({ size, page: 0 })}
          />
        </Box>
      </Paper>

      <ProductFormDialog open={dialog.open} product={dialog.product} onClose={() => setDialog((d) => ({ ...d, open: false }))} />
      <StatisticsDialog open={statistics.open} product={statistics.product} onClose={() => setStatistics((s) => ({ ...s, open: false }))} />
    </Box>
  );
}
