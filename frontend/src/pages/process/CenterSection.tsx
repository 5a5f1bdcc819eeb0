import { useMemo } from 'react';
import { Paper } from '@mui/material';
import { useSearchParams } from 'react-router-dom';
import { CollectList } from '../../resources/news/collect/CollectList';
import { parseListState, toRouteQuery } from '../../resources/news/listState';
import { ShareList } from '../../resources/news/ShareList';
import { UserCenterPage } from '../userCenter/UserCenterPage';
import { NewsListSlot } from './NewsListSlot';
import type { CenterMenu } from './processNav';

/** 我的分享 / 分享给我 with its page, size and sub-tab in the route query (curMenu=share). */
function RoutedShareList() {
  const [searchParams, setSearchParams] = useSearchParams();
  const state = useMemo(() => parseListState(searchParams, { menus: ['share'], fallbackMenu: 'share' }), [searchParams]);
  return (
    <Paper variant="outlined" sx={{ minWidth: 0 }}>
      <ShareList state={state} onChange={(next) => setSearchParams(toRouteQuery(next))} />
    </Paper>
  );
}

/**
 * The content of the personal centre for a menu (`curMenu`). 个人资料 is the user centre (profile,
 * password, own operation log, access keys); the others are the lists of the news area.
 */
export function CenterSection({ curMenu }: { curMenu: CenterMenu }) {
  switch (curMenu) {
    case 'user':
      return <UserCenterPage />;
    case 'myFollow':
      return <NewsListSlot slot="myFollow" />;
    case 'trans':
      return <NewsListSlot slot="trans" />;
    case 'collect':
      return (
        <Paper variant="outlined" sx={{ minWidth: 0 }}>
          <CollectList />
        </Paper>
      );
    case 'share':
      return <RoutedShareList />;
  }
}
