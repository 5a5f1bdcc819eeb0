import { Box } from '@mui/material';
import { RoutedNewsList } from '../../resources/news/RoutedNewsList';
import { NEWS_LIST_SLOTS, type NewsListSlot as Slot } from './processNav';

/**
 * A news list of the product-processing system (我的关注, 我的翻译, 成果管理): the list query is
 * `NEWS_LIST_SLOTS[slot]` (type / isTrans, and curMenu, which enables sorting by update time); its
 * page, size and sort live in the route query.
 */
export function NewsListSlot({ slot }: { slot: Slot; titleKey?: string }) {
  const { curMenu, filter } = NEWS_LIST_SLOTS[slot];
  return (
    <Box data-slot={slot} sx={{ minWidth: 0 }}>
      <RoutedNewsList curMenu={curMenu} filter={filter} />
    </Box>
  );
}
