import { lazy, type ReactNode, type RefObject, Suspense, useCallback, useEffect, useMemo, useRef, useState } from 'react';
import BookmarkAddOutlined from '@mui/icons-material/BookmarkAddOutlined';
import InboxOutlined from '@mui/icons-material/InboxOutlined';
import PlaylistAddCheck from '@mui/icons-material/PlaylistAddCheck';
import SearchOffOutlined from '@mui/icons-material/SearchOffOutlined';
import SendOutlined from '@mui/icons-material/SendOutlined';
import ShareOutlined from '@mui/icons-material/ShareOutlined';
import {
  Alert,
  Box,
  Button,
  Checkbox,
  Divider,
  Drawer,
  LinearProgress,
  Link,
  Skeleton,
  Table,
  TableCell,
  TableContainer,
  TableHead,
  TableRow,
  Tooltip,
  Typography,
  useMediaQuery,
  useTheme,
} from '@mui/material';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { useLiveMessages } from '../../providers/liveBus';
import { horizon, line } from '../../theme/theme';
import { useManuscriptText } from '../manuscripts/useManuscriptText';
import { useQueryErrorHandler } from '../shared/hooks';
import { newsApi, newsKeys, openDetail } from './api';
import { ClassifyDialog } from './dialogs/ClassifyDialog';
import { EditTagsDialog } from './dialogs/EditTagsDialog';
import { NoiseDeleteDialog } from './dialogs/NoiseDeleteDialog';
import { ShareDialog } from './dialogs/ShareDialog';
import {
  type ListState,
  type NewsSort,
  pageCountOf,
  pageSizesFor,
  toNewsListQuery,
  withPage,
  withSize,
  withSort,
} from './listState';
import { NewsPager } from './NewsPager';
import { NewsSidePanel } from './NewsSidePanel';
import { NewsTableRow, type RowCommand } from './NewsTableRow';
import { NewsRowsBody } from './rowStyles';
import { SortBar } from './SortBar';
import { canPushRow, useNewsUser } from './access';
import { useNewsT } from './text';
import { useFillHeight } from './useFillHeight';
import { markListsStale, removeNewsFromCache, useNewsActions, usePatchNews } from './useNewsActions';
import type { NewsPage, NewsRow } from './types';

export interface NewsListProps {
  state: ListState;
  onChange: (next: ListState) => void;
  /** `type` of the list when the menu does not imply it (personal centre). */
  type?: string;
  /** Further fixed query fields (personal centre: `isTrans`, `isRead`, …). */
  extraQuery?: Record<string, string | number>;
  /** Text of the empty list (default per tab). */
  emptyText?: string;
  /** Space kept below the list (px) when it fills the window. */
  bottomGap?: number;
}

// 报送 (the manuscript submission dialog): loaded when first opened, not with the list
const SubmitManuscriptDialog = lazy(() => import('../manuscripts/SubmitManuscriptDialog').then((m) => ({ default: m.SubmitManuscriptDialog })));

type DialogState =
  | { kind: 'share'; rows: NewsRow[] }
  | { kind: 'push'; rows: NewsRow[]; bulk: boolean }
  | { kind: 'tags' | 'classify'; row: NewsRow }
  | { kind: 'noise' | 'delete'; row: NewsRow }
  | null;

const PANEL_WIDTH_KEY = 'horizon.news.panelWidth';
const readPanelWidth = () => {
  const stored = Number(typeof localStorage === 'undefined' ? NaN : localStorage.getItem(PANEL_WIDTH_KEY));
  return Number.isFinite(stored) && stored >= 30 && stored <= 70 ? stored : 45;
};

function SkeletonRows({ count, compact }: { count: number; compact: boolean }) {
  return (
    <>
      {Array.from({ length: count }, (_, i) => (
        <TableRow key={i} data-testid="news-skeleton-row">
          <TableCell padding="checkbox">
            <Skeleton variant="rounded" width={16} height={16} sx={{ ml: 1.25 }} />
          </TableCell>
          <TableCell>
            <Skeleton variant="text" width={`${70 + ((i * 13) % 25)}%`} sx={{ fontSize: 15 }} />
            <Skeleton variant="text" width={`${45 + ((i * 7) % 30)}%`} sx={{ fontSize: 12 }} />
            <Skeleton variant="text" width="55%" sx={{ fontSize: 11 }} />
          </TableCell>
          {!compact && (
            <TableCell>
              <Skeleton variant="rounded" width={110} height={20} />
            </TableCell>
          )}
          {!compact && (
            <TableCell>
              <Skeleton variant="rounded" width={110} height={20} />
            </TableCell>
          )}
          <TableCell>
            <Skeleton variant="text" width={150} />
            <Skeleton variant="text" width={80} />
          </TableCell>
        </TableRow>
      ))}
    </>
  );
}

function EmptyRow({ colSpan, icon, text, hint, action }: { colSpan: number; icon: ReactNode; text: string; hint?: string; action?: ReactNode }) {
  return (
    <TableRow>
      <TableCell colSpan={colSpan} sx={{ border: 0 }}>
        <Box data-testid="news-empty" sx={{ py: 10, textAlign: 'center', color: 'text.secondary' }}>
          <Box sx={{ color: horizon('textPlaceholder'), '& svg': { fontSize: 56 } }}>{icon}</Box>
          <Typography variant="body1" color="text.secondary" sx={{ mt: 1 }}>
            {text}
          </Typography>
          {hint && (
            <Typography variant="caption" color="text.disabled" sx={{ display: 'block', mt: 0.5 }}>
              {hint}
            </Typography>
          )}
          {action && <Box sx={{ mt: 2 }}>{action}</Box>}
        </Box>
      </TableCell>
    </TableRow>
  );
}

/**
 * A news list (`GET api/news/list`): sort bar, multi-select with bulk track / collect / share, the
 * row table filling the window, pagination, and the side panel of the clicked row. The state lives
 * in the route (listState.ts); rows are updated in place after every action.
 */
export function NewsList({ state, onChange, type, extraQuery, emptyText, bottomGap = 12 }: NewsListProps) {
  const t = useNewsT();
  const theme = useTheme();
  const narrow = useMediaQuery(theme.breakpoints.down('md'));
  const queryClient = useQueryClient();
  const mt = useManuscriptText();
  const user = useNewsUser();
  const { abilities, deptId } = user;
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

  // ---- selection (kept across pages; rows kept fresh from the cache) ----
  const [selected, setSelected] = useState<ReadonlyMap<number, NewsRow>>(new Map());
  useEffect(() => {
    setSelected((prev) => {
      if (!prev.size || !rows.some((r) => prev.has(r.id) && prev.get(r.id) !== r)) return prev;
      const next = new Map(prev);
      for (const r of rows) if (next.has(r.id)) next.set(r.id, r);
      return next;
    });
  }, [rows]);
  const onCheck = useCallback((row: NewsRow, checked: boolean) => {
    setSelected((prev) => {
      const next = new Map(prev);
      if (checked) next.set(row.id, row);
      else next.delete(row.id);
      return next;
    });
  }, []);
  const pageChecked = rows.length > 0 && rows.every((r) => selected.has(r.id));
  const pageSome = rows.some((r) => selected.has(r.id));
  const togglePage = (checked: boolean) =>
    setSelected((prev) => {
      const next = new Map(prev);
      for (const r of rows) {
        if (checked) next.set(r.id, r);
        else next.delete(r.id);
      }
      return next;
    });
  const clearSelection = () => setSelected(new Map());

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
    setSelected((prev) => {
      if (!prev.has(id)) return prev;
      const next = new Map(prev);
      next.delete(id);
      return next;
    });
    if (active?.id === id) setActive(null);
  };

  // 批量报送: every selected item must be reviewed (spec news-tracking §4)
  const selectedRows = [...selected.values()];
  const allPushable = selectedRows.length > 0 && selectedRows.every(canPushRow);

  const bulk = async (kind: 'track' | 'collect') => {
    const ok = await actions.runBulk(kind, [...selected.values()]);
    if (ok.length) clearSelection();
  };

  // ---- layout ----
  const areaRef = useRef<HTMLDivElement>(null);
  const height = useFillHeight(areaRef, { bottom: bottomGap });
  const compact = !!activeRow && !narrow;
  const colSpan = compact ? 3 : 5;
  const go = (next: ListState) => {
    if (next !== state) onChange(next);
  };

  const empty = () => {
    if (state.page > 1 && total > 0) {
      return (
        <EmptyRow
          colSpan={colSpan}
          icon={<InboxOutlined />}
          text={t('list.beyond')}
          action={
            <Button variant="outlined" size="small" onClick={() => go(withPage(state, 1))}>
              {t('list.first_page')}
            </Button>
          }
        />
      );
    }
    if (state.content) {
      return <EmptyRow colSpan={colSpan} icon={<SearchOffOutlined />} text={t('list.empty_search', { content: state.content })} hint={t('list.empty_search_hint')} />;
    }
    if (state.curMenu === 'interest') return <EmptyRow colSpan={colSpan} icon={<InboxOutlined />} text={t('list.empty_interest')} hint={t('list.empty_interest_hint')} />;
    if (state.curMenu === 'recommend') return <EmptyRow colSpan={colSpan} icon={<InboxOutlined />} text={t('list.empty_recommend')} />;
    if (state.curMenu === 'choice') return <EmptyRow colSpan={colSpan} icon={<InboxOutlined />} text={t('list.empty_choice')} />;
    return <EmptyRow colSpan={colSpan} icon={<InboxOutlined />} text={emptyText ?? t('list.empty')} />;
  };

  const listColumn = (
    <Box sx={{ flex: 1, minWidth: 0, display: 'flex', flexDirection: 'column', height: '100%' }}>
      <Box sx={{ display: 'flex', alignItems: 'center', flexWrap: 'wrap', gap: 1, px: 1.5, py: 1, borderBottom: line() }}>
        <SortBar curMenu={state.curMenu} sort={state.sort} hasSearch={!!state.content} onSort={(s: NewsSort) => go(withSort(state, s))} />
        <Box sx={{ flex: 1 }} />
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 0.75, flexWrap: 'wrap' }} data-testid="news-bulk-bar">
          {selected.size > 0 && (
            <Typography variant="body2" sx={{ color: 'text.secondary', display: 'flex', alignItems: 'center', gap: 0.5 }} data-testid="news-selected-count">
              {t('bulk.selected', { count: selected.size })}
              <Link component="button" type="button" underline="hover" onClick={clearSelection} sx={{ fontSize: 13 }}>
                {t('bulk.clear')}
              </Link>
            </Typography>
          )}
          {selected.size > 0 && <Divider orientation="vertical" flexItem sx={{ mx: 0.5 }} />}
          {abilities.track && (
            <Button
              size="small"
              variant="outlined"
              startIcon={<PlaylistAddCheck />}
              disabled={!selected.size || actions.isBusy('bulk', 'track')}
              onClick={() => void bulk('track')}
            >
              {t('bulk.track')}
            </Button>
          )}
          {abilities.collect && (
            <Button
              size="small"
              variant="outlined"
              startIcon={<BookmarkAddOutlined />}
              disabled={!selected.size || actions.isBusy('bulk', 'collect')}
              onClick={() => void bulk('collect')}
            >
              {t('bulk.collect')}
            </Button>
          )}
          <Button size="small" variant="outlined" startIcon={<ShareOutlined />} disabled={!selected.size} onClick={() => setDialog({ kind: 'share', rows: [...selected.values()] })}>
            {t('bulk.share')}
          </Button>
          {abilities.push && (
            <Tooltip title={selected.size > 0 && !allPushable ? mt('submit.bulk_not_done') : ''}>
              <span>
                <Button
                  size="small"
                  variant="outlined"
                  startIcon={<SendOutlined />}
                  disabled={!allPushable}
                  onClick={() => setDialog({ kind: 'push', rows: selectedRows, bulk: true })}
                  data-testid="news-bulk-push"
                >
                  {mt('submit.bulk_button')}
                </Button>
              </span>
            </Tooltip>
          )}
        </Box>
      </Box>
      <Box sx={{ position: 'relative', flex: 1, minHeight: 0 }}>
        {refreshing && <LinearProgress sx={{ position: 'absolute', top: 0, left: 0, right: 0, zIndex: 3, height: 2 }} />}
        <TableContainer sx={{ height: '100%', overflow: 'auto' }} data-testid="news-table">
          <Table stickyHeader size="small" sx={{ tableLayout: 'auto', opacity: list.isPlaceholderData ? 0.6 : 1, transition: 'opacity .2s' }}>
            <TableHead>
              <TableRow>
                <TableCell padding="checkbox">
                  <Checkbox
                    size="small"
                    checked={pageChecked}
                    indeterminate={!pageChecked && pageSome}
                    disabled={!rows.length}
                    onChange={(e) => togglePage(e.target.checked)}
                    slotProps={{ input: { 'aria-label': t('columns.select_page') } }}
                  />
                </TableCell>
                <TableCell>{t('columns.title')}</TableCell>
                {!compact && <TableCell sx={{ width: 170 }}>{t('columns.classify')}</TableCell>}
                {!compact && <TableCell sx={{ width: 170 }}>{t('columns.keywords')}</TableCell>}
                <TableCell sx={{ width: state.curMenu === 'choice' ? 272 : 252 }}>{t('columns.actions')}</TableCell>
              </TableRow>
            </TableHead>
            <NewsRowsBody>
              {loadingFirst ? (
                <SkeletonRows count={Math.min(state.size, 8)} compact={compact} />
              ) : list.isError && !rows.length ? (
                <TableRow>
                  <TableCell colSpan={colSpan} sx={{ border: 0, py: 6 }}>
                    <Alert
                      severity="error"
                      variant="outlined"
                      action={
                        <Button color="inherit" size="small" onClick={() => void list.refetch()}>
                          {t('list.retry')}
                        </Button>
                      }
                    >
                      {t('list.load_failed')}
                    </Alert>
                  </TableCell>
                </TableRow>
              ) : rows.length === 0 ? (
                empty()
              ) : (
                rows.map((row) => (
                  <NewsTableRow
                    key={row.id}
                    row={row}
                    curMenu={state.curMenu}
                    abilities={abilities}
                    checked={selected.has(row.id)}
                    active={activeRow?.id === row.id}
                    compact={compact}
                    busy={actions.isBusy}
                    onCheck={onCheck}
                    onOpen={onOpen}
                    onOpenDetail={onOpenDetail}
                    onCommand={onCommand}
                    t={t}
                  />
                ))
              )}
            </NewsRowsBody>
          </Table>
        </TableContainer>
      </Box>
      <Box sx={{ borderTop: line() }}>
        <NewsPager
          total={total}
          exact={page?.totalExact !== false}
          page={state.page}
          size={state.size}
          sizes={pageSizesFor(state.curMenu)}
          disabled={loadingFirst}
          onPage={(p) => go(p === state.page ? state : withPage(state, p, Math.max(pageCount, state.page)))}
          onSize={(s) => go(s === state.size ? state : withSize(state, s))}
        />
      </Box>
    </Box>
  );

  const panel = activeRow && (
    <NewsSidePanel key={activeRow.id} row={activeRow} deptId={deptId} canTranslate={abilities.translate} onClose={() => setActive(null)} />
  );

  return (
    <Box ref={areaRef} data-testid="news-list" sx={{ display: 'flex', height, minHeight: 0 }}>
      {listColumn}
      {panel && !narrow && (
        <>
          <ResizeHandle
            label={t('panel.resize')}
            onResize={(percent) => setPanelWidth(percent)}
            onDone={(percent) => localStorage.setItem(PANEL_WIDTH_KEY, String(Math.round(percent)))}
            container={areaRef}
          />
          <Box sx={{ width: `${panelWidth}%`, flexShrink: 0, minWidth: 320, height: '100%', borderLeft: line() }}>{panel}</Box>
        </>
      )}
      {narrow && (
        <Drawer anchor="right" open={!!panel} onClose={() => setActive(null)} slotProps={{ paper: { sx: { width: { xs: '100%', sm: '85%' } } } }}>
          {panel}
        </Drawer>
      )}
      <Dialogs
        dialog={dialog}
        onClose={closeDialog}
        onPatch={patch}
        onRemoved={removed}
        onPushed={(bulk) => {
          if (bulk) clearSelection();
        }}
      />
    </Box>
  );
}

/** The dialogs of the list (owned by the dialogs module); this list only opens them and applies their result. */
function Dialogs({
  dialog,
  onClose,
  onPatch,
  onRemoved,
  onPushed,
}: {
  dialog: DialogState;
  onClose: () => void;
  onPatch: ReturnType<typeof usePatchNews>;
  onRemoved: (id: number) => void;
  /** After 投稿成功; `bulk` when the dialog came from 批量报送. */
  onPushed: (bulk: boolean) => void;
}) {
  const shareRows = dialog?.kind === 'share' ? dialog.rows : [];
  const pushRows = dialog?.kind === 'push' ? dialog.rows : [];
  const pushBulk = dialog?.kind === 'push' && dialog.bulk;
  // mounted from the first 报送 on (it keeps its closing transition)
  const [pushUsed, setPushUsed] = useState(false);
  if (dialog?.kind === 'push' && !pushUsed) setPushUsed(true);
  const tagsRow = dialog?.kind === 'tags' ? dialog.row : null;
  const classifyRow = dialog?.kind === 'classify' ? dialog.row : null;
  const noiseRow = dialog?.kind === 'noise' || dialog?.kind === 'delete' ? dialog.row : null;
  return (
    <>
      <ShareDialog open={dialog?.kind === 'share'} news={shareRows} onClose={onClose} onShared={onClose} />
      {pushUsed && (
        <Suspense fallback={null}>
          <SubmitManuscriptDialog open={dialog?.kind === 'push'} news={pushRows} onClose={onClose} onSubmitted={() => onPushed(pushBulk)} />
        </Suspense>
      )}
      <EditTagsDialog
        open={!!tagsRow}
        news={tagsRow}
        onClose={onClose}
        onSaved={(value) => {
          if (tagsRow) onPatch(tagsRow.id, value);
          onClose();
        }}
      />
      <ClassifyDialog
        open={!!classifyRow}
        news={classifyRow}
        onClose={onClose}
        onSaved={(value) => {
          if (classifyRow) onPatch(classifyRow.id, value);
          onClose();
        }}
      />
      <NoiseDeleteDialog
        open={!!noiseRow}
        news={noiseRow}
        action={dialog?.kind === 'delete' ? 'delete' : 'noise'}
        onClose={onClose}
        onDone={() => {
          if (noiseRow) onRemoved(noiseRow.id);
          onClose();
        }}
      />
    </>
  );
}

/** Drag handle between the list and the side panel (the panel keeps 30–70 % of the width). */
function ResizeHandle({
  label,
  container,
  onResize,
  onDone,
}: {
  label: string;
  container: RefObject<HTMLDivElement | null>;
  onResize: (percent: number) => void;
  onDone: (percent: number) => void;
}) {
  const percentAt = (clientX: number) => {
    const rect = container.current?.getBoundingClientRect();
    if (!rect || rect.width <= 0) return 45;
    return Math.min(70, Math.max(30, ((rect.right - clientX) / rect.width) * 100));
  };
  return (
    <Box
      role="separator"
      aria-orientation="vertical"
      aria-label={label}
      title={label}
      onPointerDown={(e) => {
        e.preventDefault();
        const target = e.currentTarget;
        target.setPointerCapture(e.pointerId);
        let last = percentAt(e.clientX);
        const move = (ev: PointerEvent) => {
          last = percentAt(ev.clientX);
          onResize(last);
        };
        const up = () => {
          target.removeEventListener('pointermove', move);
          target.removeEventListener('pointerup', up);
          target.removeEventListener('pointercancel', up);
          onDone(last);
        };
        target.addEventListener('pointermove', move);
        target.addEventListener('pointerup', up);
        target.addEventListener('pointercancel', up);
      }}
      sx={{
        width: 6,
        flexShrink: 0,
        cursor: 'col-resize',
        bgcolor: horizon('fill'),
        position: 'relative',
        '&::after': { content: '""', position: 'absolute', top: '50%', left: 2, width: 2, height: 28, mt: '-14px', borderRadius: 1, bgcolor: horizon('textPlaceholder') },
        '&:hover': { bgcolor: horizon('brandLight') },
      }}
    />
  );
}
