import { lazy, Suspense, useEffect } from 'react';
import { Box, LinearProgress } from '@mui/material';
import { useQueryClient } from '@tanstack/react-query';
import { useSearchParams } from 'react-router-dom';
import { useNewsUser } from './access';
import { newsApi, newsKeys } from './api';
import { isNewsListTab, parseListState, toNewsListQuery } from './listState';

const NewsIndexPage = lazy(() => import('./NewsIndexPage').then((m) => ({ default: m.NewsIndexPage })));

/**
 * /pro/news: starts the list request of the tab in the route while the page's code still loads
 * (same query key as NewsList, so the list finds it in the cache) — the first screen of the day
 * does not wait for the chunk and then for the API one after the other (bench:ui).
 */
export function NewsIndexRoute() {
  const queryClient = useQueryClient();
  const [searchParams] = useSearchParams();
  const { ready, deptId } = useNewsUser();
  useEffect(() => {
    if (!ready) return;
    const state = parseListState(searchParams);
    if (!isNewsListTab(state.curMenu)) return;
    const query = toNewsListQuery(state, { deptId });
    void queryClient.prefetchQuery({ queryKey: newsKeys.list(query), queryFn: ({ signal }) => newsApi.list(query, signal), staleTime: 30_000 });
    // Only the first render's route: NewsList takes over from there.
  }, [ready]);
  return (
    <Suspense
      fallback={
        <Box sx={{ px: 1.5, pt: 1 }}>
          <LinearProgress />
        </Box>
      }
    >
      <NewsIndexPage />
    </Suspense>
  );
}
