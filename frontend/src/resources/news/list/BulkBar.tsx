// The list's toolbar: sort buttons, and the selection with its bulk actions (track, collect, share, 批量报送).
import BookmarkAddOutlined from '@mui/icons-material/BookmarkAddOutlined';
import PlaylistAddCheck from '@mui/icons-material/PlaylistAddCheck';
import SendOutlined from '@mui/icons-material/SendOutlined';
import ShareOutlined from '@mui/icons-material/ShareOutlined';
import { Box, Button, Divider, Link, Tooltip, Typography } from '@mui/material';
import { line } from '../../../theme/theme';
import { allowsCollapse, type ListState, type NewsSort, rememberCollapse, withCollapse, withSort } from '../listState';
import { SortBar } from '../SortBar';
import type { NewsT } from '../text';
import type { NewsListModel } from './useNewsList';

/** 批量报送's texts (given by the list). */
export interface PushLabels {
  button: string;
  notDone: string;
}

export function BulkBar({ model, state, go, push, t }: { model: NewsListModel; state: ListState; go: (next: ListState) => void; push: PushLabels; t: NewsT }) {
  const { selection, actions } = model;
  const { abilities } = model.user;
  const { selected } = selection;
  return (
    <Box sx={{ display: 'flex', alignItems: 'center', flexWrap: 'wrap', gap: 1, px: 1.5, py: 1, borderBottom: line() }}>
      <SortBar
        curMenu={state.curMenu}
        sort={state.sort}
        hasSearch={!!state.content}
        onSort={(s: NewsSort) => go(withSort(state, s))}
        collapse={state.collapse}
        onCollapse={
          allowsCollapse(state.curMenu)
            ? (collapse) => {
                rememberCollapse(collapse);
                go(withCollapse(state, collapse));
              }
            : undefined
        }
      />
      <Box sx={{ flex: 1 }} />
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 0.75, flexWrap: 'wrap' }} data-testid="news-bulk-bar">
        {selected.size > 0 && (
          <Typography variant="body2" sx={{ color: 'text.secondary', display: 'flex', alignItems: 'center', gap: 0.5 }} data-testid="news-selected-count">
            {t('bulk.selected', { count: selected.size })}
            <Link component="button" type="button" underline="hover" onClick={selection.clear} sx={{ fontSize: 13 }}>
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
            onClick={() => void model.bulk('track')}
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
            onClick={() => void model.bulk('collect')}
          >
            {t('bulk.collect')}
          </Button>
        )}
        <Button size="small" variant="outlined" startIcon={<ShareOutlined />} disabled={!selected.size} onClick={() => model.setDialog({ kind: 'share', rows: [...selected.values()] })}>
          {t('bulk.share')}
        </Button>
        {abilities.push && (
          <Tooltip title={selected.size > 0 && !model.allPushable ? push.notDone : ''}>
            <span>
              <Button
                size="small"
                variant="outlined"
                startIcon={<SendOutlined />}
                disabled={!model.allPushable}
                onClick={() => model.setDialog({ kind: 'push', rows: model.selectedRows, bulk: true })}
                data-testid="news-bulk-push"
              >
                {push.button}
              </Button>
            </span>
          </Tooltip>
        )}
      </Box>
    </Box>
  );
}
