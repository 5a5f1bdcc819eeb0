import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import AccountTreeOutlined from '@mui/icons-material/AccountTreeOutlined';
import NewspaperOutlined from '@mui/icons-material/NewspaperOutlined';
import { Box, Button, Chip, Drawer, Paper, Typography, useMediaQuery, useTheme } from '@mui/material';
import { horizon, line } from '../../theme/theme';
import { BorderTabs } from './BorderTabs';
import { useSearchParams } from 'react-router-dom';
import { CollectList } from './collect/CollectList';
import type { CollectState } from './collect/collectQuery';
import { ClassifyTree, useClassifyName } from './ClassifyTree';
import {
  DEFAULT_TAB,
  isNewsListTab,
  type ListState,
  NEWS_TABS,
  type NewsFilters,
  type NewsTab,
  parseListState,
  sameListState,
  switchMenu,
  toRouteQuery,
  usesNewsFilters,
  withClassify,
  withContent,
} from './listState';
import { NewsList } from './NewsList';
import { SearchBox } from './SearchBox';
import { ShareList } from './ShareList';
import { useNewsT } from './text';
import { useFillHeight } from './useFillHeight';

/** The collected-news list (another module) inside the 收藏 tab, its state kept in the route too. */
function CollectTab({ state, onChange }: { state: ListState; onChange: (next: ListState) => void }) {
  const ref = useRef<HTMLDivElement>(null);
  const height = useFillHeight(ref, { bottom: 12, min: 360 });
  const collectState = useMemo<Partial<CollectState>>(
    () => ({ sort: state.sort as CollectState['sort'], page: state.page - 1, size: state.size, title: state.content }),
    [state],
  );
  return (
    <Box ref={ref} sx={{ '& > .MuiPaper-root': { border: 0, borderRadius: 0 } }}>
      <CollectList
        state={collectState}
        onStateChange={(c) => onChange({ ...state, sort: c.sort, page: c.page + 1, size: c.size, content: c.title })}
        tableHeight={Math.max(240, height - 112)}
      />
    </Box>
  );
}

/**
 * /pro/news — the news index: header with the search, the classification tree on the left, and the
 * bordered tabs 全部 / 热点 / 推荐 / 关注 / 跟踪 / 精选 / 收藏 / 分享 on the right. The whole list state
 * is in the route query (listState.ts), so reload and back/forward restore it; each tab remembers
 * its own page and sort while the page is open, and loads only when first opened.
 */
export function NewsIndexPage() {
  const t = useNewsT();
  const theme = useTheme();
  const narrow = useMediaQuery(theme.breakpoints.down('md'));
  const [searchParams, setSearchParams] = useSearchParams();
  const state = useMemo(() => parseListState(searchParams), [searchParams]);
  const [drawer, setDrawer] = useState(false);

  // The route always shows the full, normalised state (curMenu, page, size …).
  useEffect(() => {
    const normal = new URLSearchParams(toRouteQuery(state)).toString();
    if (searchParams.toString() !== normal) setSearchParams(toRouteQuery(state), { replace: true });
  }, [state, searchParams, setSearchParams]);

  // What each tab showed last, and the news filters (classification, search) last in force.
  const remembered = useRef<Partial<Record<string, ListState>>>({});
  const newsFilters = useRef<NewsFilters>({ classify: state.classify, content: state.content });
  useEffect(() => {
    remembered.current[state.curMenu] = state;
    if (usesNewsFilters(state.curMenu)) newsFilters.current = { classify: state.classify, content: state.content };
  }, [state]);

  const go = useCallback(
    (next: ListState) => {
      if (!sameListState(next, state)) setSearchParams(toRouteQuery(next));
    },
    [state, setSearchParams],
  );

  const currentFilters = (): NewsFilters => (usesNewsFilters(state.curMenu) ? { classify: state.classify, content: state.content } : newsFilters.current);

  const onTab = (tab: NewsTab) => {
    if (tab !== state.curMenu) go(switchMenu(tab, remembered.current[tab], currentFilters()));
  };

  /** The news tab to use for a classification or a search started from 收藏 / 分享. */
  const newsBase = (): ListState => {
    if (usesNewsFilters(state.curMenu)) return state;
    const last = Object.values(remembered.current).find((s): s is ListState => !!s && isNewsListTab(s.curMenu));
    return switchMenu(last?.curMenu ?? DEFAULT_TAB, last, newsFilters.current);
  };

  const onClassify = (classify: number | null) => {
    setDrawer(false);
    go(withClassify(newsBase(), classify));
  };

  const onSearch = (content: string) => go(withContent(newsBase(), content));

  const classifyName = useClassifyName(state.classify);
  const treeRef = useRef<HTMLDivElement>(null);
  const treeHeight = useFillHeight(treeRef, { bottom: 12, min: 320 });
  const tree = <ClassifyTree value={usesNewsFilters(state.curMenu) ? state.classify : newsFilters.current.classify} onChange={onClassify} />;

  const tab = state.curMenu as NewsTab;

  return (
    <Box sx={{ px: { xs: 1, sm: 1.5 }, pt: 0.5, pb: 1.5 }} data-testid="news-index">
      <Paper
        variant="outlined"
        sx={{ display: 'flex', alignItems: 'center', flexWrap: 'wrap', gap: 2, px: 2.5, py: 1.75, mb: 1.5, borderRadius: 1 }}
      >
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 1.5, mr: 'auto', minWidth: 0 }}>
          <Box sx={{ width: 40, height: 40, borderRadius: 1, display: 'grid', placeItems: 'center', bgcolor: horizon('brandTintStrong'), color: 'primary.main', flexShrink: 0 }}>
            <NewspaperOutlined />
          </Box>
          <Box sx={{ minWidth: 0 }}>
            <Typography component="h1" sx={{ fontSize: 18, fontWeight: 600, color: 'text.primary', lineHeight: 1.4 }}>
              {t('title')}
            </Typography>
            <Typography variant="body2" color="text.secondary" sx={{ fontSize: 12.5 }}>
              {t('subtitle')}
            </Typography>
          </Box>
        </Box>
        <Box sx={{ flex: { xs: '1 1 100%', md: '0 1 560px' } }}>
          <SearchBox value={usesNewsFilters(state.curMenu) ? state.content : newsFilters.current.content} onSearch={onSearch} />
        </Box>
      </Paper>

      <Box sx={{ display: 'flex', gap: 1.5, alignItems: 'flex-start' }}>
        {!narrow && (
          <Paper ref={treeRef} variant="outlined" sx={{ width: 220, flexShrink: 0, borderRadius: 1, height: treeHeight, display: 'flex', flexDirection: 'column', overflow: 'hidden' }}>
            {tree}
          </Paper>
        )}
        <Paper variant="outlined" sx={{ flex: 1, minWidth: 0, borderRadius: 1, overflow: 'hidden' }}>
          <Box sx={{ display: 'flex', alignItems: 'stretch', bgcolor: horizon('fill') }}>
            <BorderTabs
              value={tab}
              onChange={onTab}
              aria-label={t('title')}
              tabs={NEWS_TABS.map((key) => ({ value: key, label: t(`tabs.${key}`), id: `news-tab-${key}`, controls: 'news-tabpanel' }))}
            />
            <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, px: 1, borderBottom: line('borderLight') }}>
              {usesNewsFilters(state.curMenu) && state.classify !== null && (
                <Chip
                  size="small"
                  color="primary"
                  variant="outlined"
                  label={t('classify.current', { name: classifyName ?? state.classify })}
                  onDelete={() => go(withClassify(state, null))}
                  title={t('classify.clear')}
                  sx={{ bgcolor: 'background.paper', maxWidth: 200 }}
                />
              )}
              {narrow && (
                <Button size="small" variant="outlined" startIcon={<AccountTreeOutlined />} onClick={() => setDrawer(true)} sx={{ bgcolor: 'background.paper', flexShrink: 0 }}>
                  {t('classify.open')}
                </Button>
              )}
            </Box>
          </Box>
          <Box role="tabpanel" id="news-tabpanel" aria-labelledby={`news-tab-${tab}`}>
            {isNewsListTab(tab) && <NewsList key={tab} state={state} onChange={go} />}
            {tab === 'collect' && <CollectTab state={state} onChange={go} />}
            {tab === 'share' && <ShareList state={state} onChange={go} />}
          </Box>
        </Paper>
      </Box>

      {narrow && (
        <Drawer anchor="left" open={drawer} onClose={() => setDrawer(false)} slotProps={{ paper: { sx: { width: 280 } } }}>
          {tree}
        </Drawer>
      )}
    </Box>
  );
}
