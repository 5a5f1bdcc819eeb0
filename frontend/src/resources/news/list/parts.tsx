// Placeholder rows of the news table: skeletons while the first page loads, and the empty states.
import type { ReactNode } from 'react';
import InboxOutlined from '@mui/icons-material/InboxOutlined';
import SearchOffOutlined from '@mui/icons-material/SearchOffOutlined';
import { Box, Button, Skeleton, TableCell, TableRow, Typography } from '@mui/material';
import { Link as RouterLink } from 'react-router-dom';
import { horizon } from '../../../theme/theme';
import { type ListState, withPage } from '../listState';
import type { NewsT } from '../text';

export function SkeletonRows({ count, compact }: { count: number; compact: boolean }) {
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

/** The empty list: beyond the last page, no search hit, or nothing in this tab yet. */
export function ListEmpty({
  state,
  total,
  colSpan,
  emptyText,
  go,
  t,
}: {
  state: ListState;
  total: number;
  colSpan: number;
  emptyText?: string;
  go: (next: ListState) => void;
  t: NewsT;
}) {
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
  if (state.curMenu === 'interest') {
    return (
      <EmptyRow
        colSpan={colSpan}
        icon={<InboxOutlined />}
        text={t('list.empty_interest')}
        hint={t('list.empty_interest_hint')}
        action={
          <Button variant="outlined" size="small" component={RouterLink} to="/pro/subscribe">
            {t('list.go_subscribe')}
          </Button>
        }
      />
    );
  }
  if (state.curMenu === 'recommend') return <EmptyRow colSpan={colSpan} icon={<InboxOutlined />} text={t('list.empty_recommend')} />;
  // a page's own wording (动态加工's stages) before the tab's
  if (state.curMenu === 'choice' && !emptyText) return <EmptyRow colSpan={colSpan} icon={<InboxOutlined />} text={t('list.empty_choice')} />;
  return <EmptyRow colSpan={colSpan} icon={<InboxOutlined />} text={emptyText ?? t('list.empty')} />;
}
