// The state of the 产品管理 list: the name search, paging and sort, the selection, the add/edit and
// statistics dialogs, the stored column choice, the list request, 删除 and 导出.
import { type FormEvent, useEffect, useMemo, useState } from 'react';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { useStore } from 'react-admin';
import { useApiErrorHandler, useApiMutation, useQueryErrorHandler } from '../../shared/hooks';
import { toggleId } from '../../shared/ListFrame';
import { DEFAULT_PAGE_SIZE } from '../../shared/ListParts';
import { DEFAULT_PRODUCT_SORT, productKeys, productsApi } from '../api';
import { normaliseVisibleColumns } from '../columnVisibility';
import { pageAfterRemoval } from '../productList';
import type { Product, ProductListQuery } from '../types';
import { useProductText } from '../useProductText';

export const VISIBLE_COLUMNS_STORE_KEY = 'products.visibleColumns';

export function useProductSettingsList() {
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

  return {
    list,
    rows,
    total,
    query,
    update,
    text,
    setText,
    search,
    reset,
    selected,
    setSelected,
    toggle: (id: number) => setSelected((current) => toggleId(current, id)),
    selectedRow: selected.length === 1 ? rows.find((row) => row.id === selected[0]) : undefined,
    remove,
    dialog,
    setDialog,
    statistics,
    setStatistics,
    exporting,
    exportXlsx,
    visible,
    setStoredColumns,
  };
}

export type ProductSettingsState = ReturnType<typeof useProductSettingsList>;
