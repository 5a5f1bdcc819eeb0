// The state of the 选择日刊 dialog: the date range (draft and applied), the page, the chosen rows and
// the two requests (`GET api/productJournal/dailyJournalList`, the user names for the editors).
import { type FormEvent, useEffect, useMemo, useState } from 'react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { HttpError, useLogoutIfAccessDenied } from 'react-admin';
import { DAILY_JOURNAL_PAGE_SIZE, journalKeys, journalsApi } from '../api';
import { defaultJournalRange, type JournalRange, rangeProblem } from '../../shared/dateRange/range';
import type { DailyJournalQuery, JournalRow } from '../types';

export const statusOf = (error: unknown): number | undefined => (error instanceof HttpError ? error.status : undefined);

/** 4xx answers are final (a missing endpoint, a bad range, no permission); others are retried once. */
const retryServerErrors = (failureCount: number, error: unknown) => {
  const status = statusOf(error);
  return !(status && status >= 400 && status < 500) && failureCount < 1;
};

export function useDailyJournals(open: boolean, multiple: boolean) {
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

  return {
    list,
    users,
    draft,
    setDraft,
    problem,
    page,
    setPage,
    lastPage,
    rows,
    total,
    rowsPage,
    selected,
    selectedIds,
    clearSelection: () => setSelected([]),
    search,
    toggle,
    pageChosen,
    pagePartly,
    togglePage,
  };
}

export type DailyJournals = ReturnType<typeof useDailyJournals>;
