// The collected-news list (收藏 tab of the news index, later the personal centre's 我的收藏):
// `GET api/newsCollect {title, sort, page, size}`, 取消收藏 via
// `DELETE api/newsCollect/deleteByNewsIdAndUserId?newsId=`. The list state lives in props (the
// news index keeps it in the route query) or, without them, in local state.
import { type MouseEvent, useEffect, useState } from 'react';
import SearchIcon from '@mui/icons-material/Search';
import StarIcon from '@mui/icons-material/Star';
import {
  Alert,
  Box,
  Button,
  CircularProgress,
  InputAdornment,
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
  TextField,
  Typography,
} from '@mui/material';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { useDataProvider, usePermissions } from 'react-admin';
import type { HorizonDataProvider } from '../../../providers/dataProvider';
import { can } from '../../../providers/permissions';
import { horizon } from '../../../theme/theme';
import { toQueryString } from '../../api';
import { errorMessage, useDebouncedValue, useNotifyText } from '../../shared/hooks';
import { detailHref, openDetail } from '../api';
import { useDialogText } from '../dialogs/useDialogText';
import { ListPager } from '../../shared/pager/ListPager';
import { SortBar } from '../SortBar';
import { patchNewsInCache } from '../useNewsActions';
import {
  COLLECT_PAGE_SIZES,
  collectQuery,
  type CollectState,
  DEFAULT_COLLECT_STATE,
  isCollectSort,
  normaliseCollectState,
  pageAfterRemoval,
  withPage,
  withSize,
  withSort,
  withTitle,
} from './collectQuery';

/** A row of `GET api/newsCollect`. */
export interface CollectedNews {
  id: number;
  newsId: number;
  title: string;
  titleCn: string | null;
  newsTitle: string | null;
  newsTitleCn: string | null;
  publishTime: string;
  webName: string | null;
  count: number;
  createTime: string;
}

interface CollectPage {
  content: CollectedNews[];
  totalElements: number;
}

export interface CollectListProps {
  /** Controlled list state (e.g. from the route query); local state when absent. */
  state?: Partial<CollectState>;
  onStateChange?: (state: CollectState) => void;
  /** Called after 取消收藏 (e.g. to refresh the collect flags of other lists). */
  onUncollected?: (newsId: number) => void;
  /** Height of the table area (scrolls inside; the pager stays below it); natural height when absent. */
  tableHeight?: number | string;
  /** Hide the title search box (when the page's own search box feeds `state.title`). */
  hideSearch?: boolean;
}

export const collectListKey = (query: object) => ['horizon', 'newsCollect', 'list', query] as const;

const headSx = { bgcolor: horizon('tableHead'), color: 'text.secondary', fontWeight: 600, fontSize: 13, whiteSpace: 'nowrap', py: 1 } as const;

export function CollectList({ state: controlled, onStateChange, onUncollected, tableHeight, hideSearch = false }: CollectListProps) {
  const t = useDialogText();
  const notify = useNotifyText();
  const dataProvider = useDataProvider<HorizonDataProvider>();
  const queryClient = useQueryClient();
  const { permissions } = usePermissions<string[]>();
  const canUncollect = can(permissions ?? [], 'newsCollect:del');

  const [local, setLocal] = useState<CollectState>(DEFAULT_COLLECT_STATE);
  const state = controlled ? normaliseCollectState(controlled) : local;
  const update = (next: CollectState) => {
    if (!controlled) setLocal(next);
    onStateChange?.(next);
  };

  // the search box: a pause in typing (or Enter) searches from page 1
  const [text, setText] = useState(state.title);
  const typed = useDebouncedValue(text, 400);
  useEffect(() => {
    if (typed.trim() !== state.title) update(withTitle(state, typed));
    // only when the typed text settles
  }, [typed]);
  useEffect(() => {
    setText((current) => (current.trim() === state.title ? current : state.title));
  }, [state.title]);

  const query = collectQuery(state);
  const list = useQuery({
    queryKey: collectListKey(query),
    queryFn: async ({ signal }) =>
      (await dataProvider.call<CollectPage>(`api/newsCollect?${toQueryString({ ...query })}`, { signal })).data,
    placeholderData: keepPreviousData,
  });
  const rows = list.data?.content ?? [];
  const total = list.data?.totalElements ?? 0;

  // a page past the end (rows removed elsewhere): show the last page there is
  useEffect(() => {
    if (list.data && !list.isPlaceholderData && rows.length === 0 && state.page > 0 && total > 0) {
      update(withPage(state, Math.ceil(total / state.size) - 1));
    }
  }, [list.data]);

  const [removing, setRemoving] = useState<number | null>(null);
  const uncollect = async (row: CollectedNews) => {
    setRemoving(row.newsId);
    try {
      await dataProvider.call(`api/newsCollect/deleteByNewsIdAndUserId?${toQueryString({ newsId: row.newsId })}`, { method: 'DELETE' });
      notify(t('collect.uncollected'));
      // the news lists in memory show the item as not collected any more
      patchNewsInCache(queryClient, row.newsId, { isCollect: false });
      onUncollected?.(row.newsId);
      const page = pageAfterRemoval(state, rows.length);
      if (page !== state.page) update(withPage(state, page));
      else await list.refetch();
    } catch (error) {
      notify(errorMessage(error), 'error');
    } finally {
      setRemoving(null);
    }
  };

  const firstLoad = list.isPending;
  const busy = list.isFetching && !firstLoad;

  return (
    <Paper variant="outlined" sx={{ borderRadius: 1, overflow: 'hidden' }}>
      <Stack direction="row" alignItems="center" justifyContent="space-between" useFlexGap flexWrap="wrap" spacing={1.5} sx={{ px: 2, py: 1.25, borderBottom: 1, borderColor: 'divider' }}>
        {/* the news lists' sort bar; relevance needs a title search, as there */}
        <SortBar curMenu="collect" sort={state.sort} hasSearch={state.title !== ''} onSort={(sort) => isCollectSort(sort) && update(withSort(state, sort))} />
        {!hideSearch && (
          <TextField
            size="small"
            value={text}
            onChange={(event) => setText(event.target.value)}
            onKeyDown={(event) => {
              if (event.key === 'Enter' && text.trim() !== state.title) update(withTitle(state, text));
            }}
            placeholder={t('collect.search')}
            sx={{ width: { xs: '100%', sm: 280 } }}
            slotProps={{
              htmlInput: { 'aria-label': t('collect.search'), maxLength: 200 },
              input: {
                startAdornment: (
                  <InputAdornment position="start">
                    <SearchIcon fontSize="small" />
                  </InputAdornment>
                ),
              },
            }}
          />
        )}
      </Stack>

      <Box sx={{ position: 'relative' }}>
        {busy && <LinearProgress sx={{ position: 'absolute', top: 0, left: 0, right: 0, height: 2, zIndex: 3 }} />}
        {list.isError && !list.data ? (
          <Alert
            severity="error"
            sx={{ m: 2 }}
            action={
              <Button color="inherit" size="small" onClick={() => void list.refetch()}>
                {t('common.retry')}
              </Button>
            }
          >
            {errorMessage(list.error)}
          </Alert>
        ) : (
          <TableContainer sx={{ height: tableHeight, opacity: busy ? 0.6 : 1, transition: 'opacity 150ms' }}>
            <Table size="small" stickyHeader aria-label={t('collect.col_title')}>
              <TableHead>
                <TableRow>
                  <TableCell sx={{ ...headSx, width: 56, textAlign: 'center' }}>#</TableCell>
                  <TableCell sx={headSx}>{t('collect.col_title')}</TableCell>
                  <TableCell sx={{ ...headSx, width: 150 }}>{t('collect.col_source')}</TableCell>
                  <TableCell sx={{ ...headSx, width: 160 }}>{t('collect.col_publish')}</TableCell>
                  <TableCell sx={{ ...headSx, width: 160 }}>{t('collect.col_collected')}</TableCell>
                  {canUncollect && <TableCell sx={{ ...headSx, width: 110, textAlign: 'center' }}>{t('collect.col_actions')}</TableCell>}
                </TableRow>
              </TableHead>
              <TableBody>
                {firstLoad
                  ? Array.from({ length: 6 }, (_, i) => (
                      <TableRow key={i}>
                        <TableCell colSpan={canUncollect ? 6 : 5} sx={{ py: 1.5 }}>
                          <Skeleton variant="text" width={`${70 - (i % 3) * 12}%`} />
                          <Skeleton variant="text" width={`${40 - (i % 2) * 10}%`} sx={{ fontSize: 12 }} />
                        </TableCell>
                      </TableRow>
                    ))
                  : rows.map((row, i) => (
                      <CollectRow
                        key={row.id}
                        row={row}
                        index={state.page * state.size + i + 1}
                        canUncollect={canUncollect}
                        removing={removing === row.newsId}
                        onOpen={() => openDetail(row.newsId)}
                        onUncollect={() => void uncollect(row)}
                      />
                    ))}
              </TableBody>
            </Table>
            {!firstLoad && rows.length === 0 && (
              <Stack alignItems="center" spacing={1} sx={{ py: 7, color: 'text.disabled' }}>
                <StarIcon sx={{ fontSize: 40, color: 'action.disabled' }} />
                <Typography variant="body2" color="text.secondary">
                  {state.title ? t('collect.empty_search', { title: state.title }) : t('collect.empty')}
                </Typography>
              </Stack>
            )}
          </TableContainer>
        )}
      </Box>

      <Box sx={{ px: 0.5, borderTop: 1, borderColor: 'divider' }}>
        <ListPager
          total={total}
          page={state.page + 1}
          size={state.size}
          sizes={COLLECT_PAGE_SIZES}
          disabled={firstLoad}
          onPage={(page) => update(withPage(state, page - 1))}
          onSize={(size) => update(withSize(state, size))}
        />
      </Box>
    </Paper>
  );
}

interface CollectRowProps {
  row: CollectedNews;
  index: number;
  canUncollect: boolean;
  removing: boolean;
  onOpen: () => void;
  onUncollect: () => void;
}

function CollectRow({ row, index, canUncollect, removing, onOpen, onUncollect }: CollectRowProps) {
  const t = useDialogText();
  const cn = row.titleCn || row.newsTitleCn;
  const original = row.title || row.newsTitle || '';
  const main = cn || original;
  const stop = (event: MouseEvent) => event.stopPropagation();
  return (
    <TableRow hover onClick={onOpen} sx={{ cursor: 'pointer', '& td': { py: 1.25, verticalAlign: 'top', fontSize: 13 } }}>
      <TableCell sx={{ textAlign: 'center', color: 'text.disabled' }}>{index}</TableCell>
      <TableCell sx={{ minWidth: 280 }}>
        <Link
          href={detailHref(row.newsId)}
          target="_blank"
          rel="noopener"
          underline="hover"
          onClick={stop}
          title={t('collect.open')}
          sx={{ fontWeight: 600, color: 'text.primary', lineHeight: 1.6, display: 'block', '&:hover': { color: 'primary.main' } }}
        >
          {main}
        </Link>
        {cn && original && original !== cn && (
          <Typography variant="caption" color="text.secondary" component="div" sx={{ lineHeight: 1.5, mt: 0.25 }}>
            {original}
          </Typography>
        )}
        <Typography variant="caption" color="text.disabled" component="div" sx={{ mt: 0.5 }}>
          {t('collect.views', { count: row.count ?? 0 })}
        </Typography>
      </TableCell>
      <TableCell sx={{ color: 'text.secondary' }}>{row.webName || '—'}</TableCell>
      <TableCell sx={{ color: 'text.secondary', whiteSpace: 'nowrap' }}>{row.publishTime}</TableCell>
      <TableCell sx={{ color: 'text.secondary', whiteSpace: 'nowrap' }}>{row.createTime}</TableCell>
      {canUncollect && (
        <TableCell sx={{ textAlign: 'center' }} onClick={stop}>
          <Button
            size="small"
            color="warning"
            startIcon={removing ? <CircularProgress size={12} color="inherit" /> : <StarIcon sx={{ fontSize: '16px !important' }} />}
            aria-label={`${t('collect.uncollect')} ${main}`}
            disabled={removing}
            onClick={onUncollect}
            sx={{ fontSize: 12, whiteSpace: 'nowrap', px: 1 }}
          >
            {t('collect.uncollect')}
          </Button>
        </TableCell>
      )}
    </TableRow>
  );
}
