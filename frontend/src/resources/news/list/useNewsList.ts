// The logic of a news list: the page query (`GET api/news/list`) and its live reload, the selection,
// the side panel's row and width, the dialogs and the row commands, and the bulk actions.
// NewsList.tsx lays it out.
import { useCallback, useMemo, useRef, useState } from 'react';
import { useMediaQuery, useTheme } from '@mui/material';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { useLiveMessages } from '../../../providers/liveBus';
import { useQueryErrorHandler } from '../../shared/hooks';
import { canPushRow, useNewsUser } from '../access';
import { newsApi, newsKeys, openDetail } from '../api';
import { type ListState, pageCountOf, toNewsListQuery } from '../listState';
import type { RowCommand } from '../NewsTableRow';
import type { NewsPage, NewsRow } from '../types';
import { useFillHeight } from '../useFillHeight';
import { markListsStale, removeNewsFromCache, useNewsActions, usePatchNews } from '../useNewsActions';
import { useSelection } from './useSelection';

export type DialogState =
  | { kind: 'share'; rows: NewsRow[] }
  | { kind: 'push'; rows: NewsRow[]; bulk: boolean }
  | { kind: 'tags' | 'classify'; row: NewsRow }
  | { kind: 'noise' | 'delete'; row: NewsRow }
  | null;

export const PANEL_WIDTH_KEY = 'horizon.news.panelWidth';
const readPanelWidth = () => {
  const stored = Number(typeof localStorage === 'undefined' ? NaN : localStorage.getItem(PANEL_WIDTH_KEY));
  return Number.isFinite(stored) && stored >= 30 && stored <= 70 ? stored : 45;
};

export interface NewsListOptions {
  state: ListState;
  type?: string;
  extraQuery?: Record<string, string | number>;
  bottomGap: number;
}

export type NewsListModel = ReturnType<typeof useNewsList>;

export function useNewsList({ state, type, extraQuery, bottomGap }: NewsListOptions) {
  const theme = useTheme();
  const narrow = useMediaQuery(theme.breakpoints.down('md'));
  const queryClient = useQueryClient();
  const user = useNewsUser();
  const { deptId } = user;
  const actions = useNewsActions(user.userId);
  const patch = usePatchNews();

  const query = useMemo(() => ({ ...toNewsListQuery(state, { deptId, type }), ...extraQuery }), [state, deptId, type, extraQuery]);
  const list = useQuery({
    queryKey: newsKeys.list(query),
    queryFn: ({ signal }) => newsApi.list(query, signal),
    placeholderData: keepPreviousData,
    enabled: user.ready,
    staleTime: 30_000,
  });
  useQueryErrorHandler(list.error);
  const page: NewsPage | undefined = list.data;
  const rows = useMemo(() => page?.content ?? [], [page]);
  const total = page?.totalElements ?? 0;
  // A live notice about an item on this page (translation submitted / reviewed, warned) reloads it.
  useLiveMessages((message) => {
    if (message.newsId && rows.some((r) => String(r.id) === message.newsId)) void list.refetch();
  });
  const pageCount = pageCountOf(total, state.size);
  const loadingFirst = list.isPending || !user.ready;
  const refreshing = list.isFetching && !loadingFirst;

  const selection = useSelection(rows);

  // ---- side panel ----
  const [active, setActive] = useState<NewsRow | null>(null);
  const activeRow = active ? (rows.find((r) => r.id === active.id) ?? active) : null;
  const [panelWidth, setPanelWidth] = useState(readPanelWidth);
  const onOpen = useCallback((row: NewsRow) => setActive(row), []);
  const onOpenDetail = useCallback((row: NewsRow) => openDetail(row.id), []);

  // ---- dialogs and row commands ----
  const [dialog, setDialog] = useState<DialogState>(null);
  const closeDialog = () => setDialog(null);
  const { run } = actions;
  const onCommand = useCallback(
    (command: RowCommand, row: NewsRow) => {
      switch (command) {
        case 'collect':
        case 'track':
        case 'warn':
        case 'choose':
          void run(command, row);
          break;
        case 'share':
          setDialog({ kind: 'share', rows: [row] });
          break;
        case 'label':
        case 'keywords':
          setDialog({ kind: 'tags', row });
          break;
        case 'classify':
          setDialog({ kind: 'classify', row });
          break;
        case 'translate':
          openDetail(row.id, { trans: true });
          break;
        case 'review':
          // the workbench, ready to review: 人工翻译 shown, 审核 in view
          openDetail(row.id, { review: true });
          break;
        case 'push':
          setDialog({ kind: 'push', rows: [row], bulk: false });
          break;
        case 'noise':
        case 'delete':
          setDialog({ kind: command, row });
          break;
      }
    },
    [run],
  );

  const removed = (id: number) => {
    removeNewsFromCache(queryClient, id);
    markListsStale(queryClient);
    selection.drop(id);
    if (active?.id === id) setActive(null);
  };

  // 批量报送: every selected item must be reviewed (spec news-tracking §4)
  const selectedRows = [...selection.selected.values()];
  const allPushable = selectedRows.length > 0 && selectedRows.every(canPushRow);

  const bulk = async (kind: 'track' | 'collect') => {
    const ok = await actions.runBulk(kind, [...selection.selected.values()]);
    if (ok.length) selection.clear();
  };

  // ---- layout ----
  const areaRef = useRef<HTMLDivElement>(null);
  const height = useFillHeight(areaRef, { bottom: bottomGap });
  const compact = !!activeRow && !narrow;

  return {
    user,
    actions,
    patch,
    list,
    page,
    rows,
    total,
    pageCount,
    loadingFirst,
    refreshing,
    selection,
    selectedRows,
    allPushable,
    bulk,
    activeRow,
    setActive,
    panelWidth,
    setPanelWidth,
    onOpen,
    onOpenDetail,
    dialog,
    setDialog,
    closeDialog,
    onCommand,
    removed,
    areaRef,
    height,
    narrow,
    compact,
  };
}
