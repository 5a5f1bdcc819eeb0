// The state of 选择稿件: the title search, the page (15), the chosen pool manuscripts (kept across
// pages, in the order chosen) and the pick itself (POST api/productManuscript → 稿件选择成功 / 选择失败).
import { type FormEvent, useState } from 'react';
import { keepPreviousData, useMutation, useQuery } from '@tanstack/react-query';
import { useLogoutIfAccessDenied } from 'react-admin';
import { errorMessage, useNotifyText } from '../../shared/hooks';
import { POOL_PAGE_SIZE, workbenchApi, workbenchKeys } from '../api';
import type { JournalColumn, PoolManuscript, PoolQuery } from '../types';
import type { Workbench } from '../useWorkbench';
import { useWorkbenchText } from '../useWorkbenchText';

export function usePickManuscripts(wb: Workbench, column: JournalColumn | null, onClose: () => void) {
  const t = useWorkbenchText();
  const notifyText = useNotifyText();
  const logoutIfAccessDenied = useLogoutIfAccessDenied();
  const [draft, setDraft] = useState('');
  const [title, setTitle] = useState('');
  const [page, setPage] = useState(0);
  const [chosen, setChosen] = useState<number[]>([]);

  // every opening starts afresh (adjusted during render: the first request already has page 0)
  const [openFor, setOpenFor] = useState<number | null>(null);
  const columnId = column?.id ?? null;
  if (columnId !== openFor) {
    setOpenFor(columnId);
    setDraft('');
    setTitle('');
    setPage(0);
    setChosen([]);
  }

  const query: PoolQuery = { productId: wb.productId ?? 0, journalId: wb.journalId ?? 0, columnId: columnId ?? 0, title: title || undefined, page, size: POOL_PAGE_SIZE };
  const list = useQuery({
    queryKey: workbenchKeys.pool(query),
    queryFn: async ({ signal }) => ({ page: query.page, ...(await workbenchApi.pool(query, signal)) }),
    enabled: columnId !== null && wb.productId !== null,
    placeholderData: keepPreviousData,
    staleTime: 0,
  });

  const pick = useMutation({
    mutationFn: () => workbenchApi.pick({ journalId: wb.journalId ?? 0, columnId: columnId ?? 0, manuIds: chosen }),
    onSuccess: () => {
      notifyText(t('pick.success'));
      onClose();
      void wb.reload();
    },
    onError: (error) => {
      void logoutIfAccessDenied(error).then((loggedOut) => {
        if (loggedOut) return;
        const message = errorMessage(error);
        notifyText(message && message !== t('pick.failed') ? `${t('pick.failed')}：${message}` : t('pick.failed'), 'error');
      });
    },
  });

  const rows: PoolManuscript[] = list.isError ? [] : (list.data?.content ?? []);
  const selectable = rows.filter((row) => !row.inJournal);
  const isChosen = (row: PoolManuscript) => chosen.includes(row.id);
  const toggle = (row: PoolManuscript) => {
    if (row.inJournal) return;
    setChosen((current) => (current.includes(row.id) ? current.filter((id) => id !== row.id) : [...current, row.id]));
  };
  const pageChosen = selectable.length > 0 && selectable.every(isChosen);
  const pagePartly = !pageChosen && selectable.some(isChosen);
  const togglePage = () =>
    setChosen((current) =>
      pageChosen ? current.filter((id) => !selectable.some((row) => row.id === id)) : [...current, ...selectable.filter((row) => !current.includes(row.id)).map((row) => row.id)],
    );

  const search = (event: FormEvent) => {
    event.preventDefault();
    if (draft.trim() === title && page === 0) void list.refetch();
    setTitle(draft.trim());
    setPage(0);
  };

  return {
    list,
    rows,
    rowsPage: list.data?.page ?? page,
    total: list.isError ? 0 : (list.data?.totalElements ?? 0),
    page,
    setPage,
    draft,
    setDraft,
    search,
    chosen,
    isChosen,
    toggle,
    pageChosen,
    pagePartly,
    togglePage,
    pick,
  };
}

export type PickState = ReturnType<typeof usePickManuscripts>;
