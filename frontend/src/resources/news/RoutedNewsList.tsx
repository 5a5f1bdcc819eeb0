import { useCallback, useEffect, useMemo } from 'react';
import { Paper } from '@mui/material';
import { useSearchParams } from 'react-router-dom';
import { type ListState, parseListState, toRouteQuery } from './listState';
import { NewsList } from './NewsList';

/** Route keys owned by the list state (others, e.g. a page's own, are kept as they are). */
const LIST_KEYS = ['curMenu', 'page', 'size', 'sort', 'classify', 'content', 'shareType'];

function withListQuery(current: URLSearchParams, state: ListState): URLSearchParams {
  const next = new URLSearchParams(current);
  for (const key of LIST_KEYS) next.delete(key);
  for (const [key, value] of Object.entries(toRouteQuery(state))) next.set(key, value);
  return next;
}

export interface RoutedNewsListProps {
  /** The list's menu (personal centre: myFollow, trans, achieve); update-time sorting follows it. */
  curMenu: string;
  /** Fixed query of the list: `type` and further fields (`isTrans`, `isRead`, …). */
  filter?: { type?: string } & Record<string, string | undefined>;
  emptyText?: string;
}

/**
 * A news list whose state lives in the route query (`?curMenu=…&page=…&size=…`), for pages other
 * than the news index (the personal centre's 我的关注 / 我的翻译, 成果管理):
 *
 *   <RoutedNewsList curMenu="achieve" filter={{ isTrans: '3' }} />
 */
export function RoutedNewsList({ curMenu, filter, emptyText }: RoutedNewsListProps) {
  const [searchParams, setSearchParams] = useSearchParams();
  const state = useMemo(() => parseListState(searchParams, { menus: [curMenu], fallbackMenu: curMenu }), [searchParams, curMenu]);
  const { type, ...rest } = filter ?? {};
  // the filter is a small constant object per page: compared by value
  const restKey = JSON.stringify(rest);
  const extraQuery = useMemo(
    () => Object.fromEntries(Object.entries(JSON.parse(restKey) as Record<string, unknown>).filter((e): e is [string, string] => typeof e[1] === 'string' && e[1] !== '')),
    [restKey],
  );

  useEffect(() => {
    const normal = withListQuery(searchParams, state);
    if (normal.toString() !== searchParams.toString()) setSearchParams(normal, { replace: true });
  }, [state, searchParams, setSearchParams]);

  const onChange = useCallback((next: ListState) => setSearchParams((current) => withListQuery(current, next)), [setSearchParams]);

  return (
    <Paper variant="outlined" sx={{ borderRadius: 1, overflow: 'hidden' }}>
      <NewsList state={state} onChange={onChange} type={type} extraQuery={extraQuery} emptyText={emptyText} />
    </Paper>
  );
}
