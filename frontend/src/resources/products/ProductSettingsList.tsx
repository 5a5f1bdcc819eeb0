// 产品管理 tab (spec production-admin §2 "Product settings screen"): search by name, 新增 / 修改 (one
// row) / 删除 (one or more) / 导出, the column-visibility popover, the product table with its row
// actions (编辑, 删除, 统计报告, 期刊管理) and the add/edit and statistics dialogs.
import { type FormEvent, type ReactNode, useEffect, useMemo, useState } from 'react';
import AddIcon from '@mui/icons-material/Add';
import AssessmentOutlined from '@mui/icons-material/AssessmentOutlined';
import DownloadIcon from '@mui/icons-material/FileDownloadOutlined';
import EditIcon from '@mui/icons-material/EditOutlined';
import LibraryBooksOutlined from '@mui/icons-material/LibraryBooksOutlined';
import { Box, Button, Chip, Link, Stack, TableCell, TableRow, TableSortLabel, TextField } from '@mui/material';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { useStore } from 'react-admin';
import { openDownload } from '../files';
import { NewsPager } from '../news/NewsPager';
import { useApiErrorHandler, useApiMutation, useQueryErrorHandler } from '../shared/hooks';
import {
  ActionToolbar,
  DeleteConfirmButton,
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
  const toggle = (id: number) => setSelected((current) => toggleId(current, id));

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
          size="small"
          label={t('list.search_label')}
          placeholder={t('list.search_placeholder')}
          value={text}
          onChange={(event) => setText(event.target.value)}
          sx={{ width: { xs: '100%', sm: 240 } }}
          slotProps={{ htmlInput: { maxLength: 100 } }}
        />
      </SearchForm>

      <ActionToolbar
        label={t('list.toolbar')}
        selectedText={canSelect && selected.length > 0 ? t('list.selected', { count: selected.length }) : null}
        refreshLabel={t('list.retry')}
        onRefresh={() => void list.refetch()}
        end={<ColumnVisibility visible={visible} onChange={(next) => setStoredColumns([...next])} labels={labels} />}
      >
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
      </ActionToolbar>

      <ListFrame
        label={t('list.table_label')}
        query={list}
        failedLabel={t('list.load_failed')}
        retryLabel={t('list.retry')}
        head={
          <>
            {canSelect && <SelectAllCell pageIds={rows.map((row) => row.id)} selected={selected} onChange={setSelected} label={t('list.select_page')} />}
            {visible.map((key) =>
              key === 'createTime' ? (
                <TableCell key={key} sx={listHeadSx} sortDirection={createTimeDirection(query.sort)}>
                  <TableSortLabel
                    active={createTimeDirection(query.sort) !== false}
                    direction={createTimeDirection(query.sort) || 'asc'}
                    onClick={() => update({ sort: nextCreateTimeSort(query.sort), page: 0 })}
                  >
                    {labels.createTime}
                  </TableSortLabel>
                </TableCell>
              ) : (
                <TableCell key={key} sx={listHeadSx}>
                  {labels[key]}
                </TableCell>
              ),
            )}
            {hasActions && <TableCell sx={{ ...listHeadSx, ...actionsColumnSx }}>{t('list.col_actions')}</TableCell>}
          </>
        }
        footer={
          <NewsPager
            total={total}
            page={query.page + 1}
            size={query.size}
            sizes={PAGE_SIZES}
            disabled={firstLoad}
            onPage={(page) => update({ page: page - 1 })}
            onSize={(size) => update({ size, page: 0 })}
          />
        }
      >
        {firstLoad ? (
          <SkeletonRows columns={columnCount} />
        ) : (
          rows.map((product) => {
            const checked = selected.includes(product.id);
            return (
              <TableRow key={product.id} hover selected={checked} onClick={canSelect ? () => toggle(product.id) : undefined} sx={{ cursor: canSelect ? 'pointer' : undefined }}>
                {canSelect && <SelectRowCell checked={checked} onToggle={() => toggle(product.id)} label={t('list.select_row', { name: product.name })} />}
                {visible.map((key) => (
                  <TableCell key={key}>{cells[key](product)}</TableCell>
                ))}
                {hasActions && (
                  <TableCell sx={actionsColumnSx} onClick={(event) => event.stopPropagation()}>
                    <Stack direction="row" spacing={0.5} alignItems="center">
                      {abilities.editProduct && (
                        <TipIconButton label={t('list.act_edit')} onClick={() => setDialog({ open: true, product })}>
                          <EditIcon fontSize="small" />
                        </TipIconButton>
                      )}
                      {abilities.deleteProduct && deleteButton([product.id], 'icon')}
                      {abilities.listProducts && (
                        <TipIconButton label={t('list.act_statistics')} onClick={() => setStatistics({ open: true, product })}>
                          <AssessmentOutlined fontSize="small" />
                        </TipIconButton>
                      )}
                      {abilities.listJournals && onOpenJournals && (
                        <TipIconButton label={t('list.act_journals')} onClick={() => onOpenJournals(product)}>
                          <LibraryBooksOutlined fontSize="small" />
                        </TipIconButton>
                      )}
                    </Stack>
                  </TableCell>
                )}
              </TableRow>
            );
          })
        )}
        {!firstLoad && rows.length === 0 && (
          <EmptyRow
            columns={columnCount}
            text={query.name ? t('list.empty_search', { name: query.name }) : t('list.empty')}
            hint={!query.name && abilities.addProduct ? t('list.empty_hint') : null}
          />
        )}
      </ListFrame>

      <ProductFormDialog open={dialog.open} product={dialog.product} onClose={() => setDialog((d) => ({ ...d, open: false }))} />
      <StatisticsDialog open={statistics.open} product={statistics.product} onClose={() => setStatistics((s) => ({ ...s, open: false }))} />
    </Box>
  );
}
