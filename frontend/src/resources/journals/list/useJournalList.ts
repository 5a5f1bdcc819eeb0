// The state of the 期刊管理 list: filters (draft and applied), paging, the selection, the add/edit
// dialog, the list and reference requests and 删除.
import { type FormEvent, useEffect, useMemo, useState } from 'react';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ProductAbilities } from '../../shared/production/access';
import { useEditableProductChoices, useProductChoices } from '../../shared/production/choices';
import { useApiMutation, useQueryErrorHandler } from '../../shared/hooks';
import { DEFAULT_PAGE_SIZE } from '../../shared/ListParts';
import { DEFAULT_JOURNAL_SORT, journalKeys, journalsApi } from '../api';
import { canEditJournal } from '../journalStatus';
import type { Journal, JournalListQuery, JournalStatus } from '../types';
import { useJournalText } from '../useJournalText';

export interface Filters {
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

export function useJournalList(abilities: ProductAbilities, initialProductId: number | null) {
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

  const productOptions = useMemo(() => {
    const list = (products.data ?? []).map((product) => ({ id: product.id, name: product.name }));
    // a product filter from the address that the choice list does not hold (yet) still shows
    if (draft.productId !== null && !list.some((product) => product.id === draft.productId)) {
      const name = rows.find((row) => (row.productId ?? row.product?.id) === draft.productId)?.product?.name ?? String(draft.productId);
      list.unshift({ id: draft.productId, name });
    }
    return list;
  }, [products.data, draft.productId, rows]);

  const changePage = (next: number) => {
    setPage(next - 1);
    setSelected([]);
  };
  const changeSize = (next: number) => {
    setSize(next);
    setPage(0);
    setSelected([]);
  };

  // the journal form's product defaults to the filtered one when the caller may write it
  const defaultProductId = filters.productId !== null && editableProducts.data?.some((product) => product.id === filters.productId) ? filters.productId : null;

  return {
    list,
    users,
    rows,
    total,
    page,
    size,
    changePage,
    changeSize,
    draft,
    setDraft,
    filters,
    search,
    reset,
    productOptions,
    editableIds,
    chosen,
    setSelected,
    remove,
    mayWriteAny,
    dialog,
    setDialog,
    defaultProductId,
  };
}

export type JournalListState = ReturnType<typeof useJournalList>;
