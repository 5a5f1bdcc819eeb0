import { useEffect, useMemo, useRef, useState } from 'react';
import ForwardToInboxOutlined from '@mui/icons-material/ForwardToInboxOutlined';
import MoveToInboxOutlined from '@mui/icons-material/MoveToInboxOutlined';
import SearchIcon from '@mui/icons-material/Search';
import {
  Box,
  Button,
  Chip,
  InputAdornment,
  LinearProgress,
  Skeleton,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TableRow,
  TextField,
  ToggleButton,
  ToggleButtonGroup,
  Tooltip,
  Typography,
} from '@mui/material';
import { HttpError } from 'react-admin';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useLiveMessages } from '../../providers/liveBus';
import { horizon, line } from '../../theme/theme';
import { useApiErrorHandler, useNotifyText, useQueryErrorHandler } from '../shared/hooks';
import { newsApi, newsKeys, openDetail, type ShareRow } from './api';
import { type ListState, type ShareType, SHARE_PAGE_SIZES, toShareQuery, withContent, withPage, withShareType, withSize, pageCountOf } from './listState';
import { NewsPager } from './NewsPager';
import { useNewsUser } from './access';
import { useNewsT } from './text';
import { useFillHeight } from './useFillHeight';

export interface ShareListProps {
  state: ListState;
  onChange: (next: ListState) => void;
}

const userName = (u: ShareRow['fromId']) => u?.nickName || u?.username || '—';

/**
 * 分享: 我的分享 (`GET api/newsSuggest?fromId=<me>`) and 分享给我 (`toId=<me>`), 15 a page. A row
 * opens the item (detailFull2) in a new window, after checking that the share's item still exists
 * (`GET api/newsSuggest/{id}`: 404 `该分享的新闻已被删除`).
 */
export function ShareList({ state, onChange }: ShareListProps) {
  const t = useNewsT();
  const user = useNewsUser();
  const notifyText = useNotifyText();
  const onError = useApiErrorHandler();
  const [title, setTitle] = useState(state.content);
  useEffect(() => setTitle(state.content), [state.content]);

  const query = useMemo(() => (user.userId === undefined ? null : toShareQuery(state, user.userId)), [state, user.userId]);
  const list = useQuery({
    queryKey: newsKeys.shares(query ?? {}),
    queryFn: ({ signal }) => newsApi.shares(query ?? {}, signal),
    enabled: query !== null,
    placeholderData: keepPreviousData,
    staleTime: 0,
  });
  useQueryErrorHandler(list.error);
  // Something shared with me just now (live notice): 分享给我 shows it at once.
  useLiveMessages((message) => {
    if (message.type === 'share' && query !== null) void list.refetch();
  });
  const rows = list.data?.content ?? [];
  const total = list.data?.totalElements ?? 0;
  const loadingFirst = list.isPending;

  const areaRef = useRef<HTMLDivElement>(null);
  const height = useFillHeight(areaRef, { bottom: 12, min: 360 });

  const open = async (row: ShareRow, trans = false) => {
    try {
      await newsApi.share(row.id);
      openDetail(row.newsId, { trans });
    } catch (error) {
      if (error instanceof HttpError && error.status === 404) notifyText(error.message || t('share_list.deleted'), 'warning');
      else onError(error);
    }
  };

  const mine = state.shareType === 'from';

  return (
    <Box ref={areaRef} sx={{ display: 'flex', flexDirection: 'column', height }} data-testid="share-list">
      <Box sx={{ display: 'flex', alignItems: 'center', flexWrap: 'wrap', gap: 1.5, px: 1.5, py: 1, borderBottom: line() }}>
        <ToggleButtonGroup
          exclusive
          size="small"
          color="primary"
          value={state.shareType}
          onChange={(_e, v: ShareType | null) => v && v !== state.shareType && onChange(withShareType(state, v))}
          sx={{ '& .MuiToggleButton-root': { px: 2, py: 0.375, fontSize: 13 } }}
        >
          <ToggleButton value="from">
            <ForwardToInboxOutlined sx={{ fontSize: 17, mr: 0.75 }} />
            {t('share_tabs.from')}
          </ToggleButton>
          <ToggleButton value="to">
            <MoveToInboxOutlined sx={{ fontSize: 17, mr: 0.75 }} />
            {t('share_tabs.to')}
          </ToggleButton>
        </ToggleButtonGroup>
        <Box sx={{ flex: 1 }} />
        <Box
          component="form"
          onSubmit={(e) => {
            e.preventDefault();
            onChange(withContent(state, title));
          }}
          sx={{ width: 260 }}
        >
          <TextField
            size="small"
            margin="none"
            value={title}
            placeholder={t('share_list.search')}
            onChange={(e) => setTitle(e.target.value)}
            onBlur={() => title.trim() !== state.content && onChange(withContent(state, title))}
            slotProps={{
              htmlInput: { 'aria-label': t('share_list.search'), maxLength: 200 },
              input: {
                startAdornment: (
                  <InputAdornment position="start">
                    <SearchIcon fontSize="small" sx={{ color: horizon('textPlaceholder') }} />
                  </InputAdornment>
                ),
              },
            }}
          />
        </Box>
      </Box>
      <Box sx={{ position: 'relative', flex: 1, minHeight: 0 }}>
        {list.isFetching && !loadingFirst && <LinearProgress sx={{ position: 'absolute', top: 0, left: 0, right: 0, zIndex: 3, height: 2 }} />}
        <TableContainer sx={{ height: '100%' }}>
          <Table stickyHeader size="small">
            <TableHead>
              <TableRow>
                <TableCell>{t('share_list.title')}</TableCell>
                <TableCell sx={{ width: 110 }}>{t('share_list.from')}</TableCell>
                <TableCell sx={{ width: 110 }}>{t('share_list.to')}</TableCell>
                <TableCell sx={{ width: 160 }}>{t('share_list.time')}</TableCell>
                <TableCell sx={{ width: '24%' }}>{t('share_list.note')}</TableCell>
                <TableCell sx={{ width: 110 }}>{t('share_list.actions')}</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {loadingFirst ? (
                Array.from({ length: 6 }, (_, i) => (
                  <TableRow key={i}>
                    <TableCell>
                      <Skeleton variant="text" width="70%" />
                      <Skeleton variant="text" width="45%" sx={{ fontSize: 12 }} />
                    </TableCell>
                    {[60, 60, 120, 140, 60].map((w, j) => (
                      <TableCell key={j}>
                        <Skeleton variant="text" width={w} />
                      </TableCell>
                    ))}
                  </TableRow>
                ))
              ) : rows.length === 0 ? (
                <TableRow>
                  <TableCell colSpan={6} sx={{ border: 0 }}>
                    <Box data-testid="share-empty" sx={{ py: 10, textAlign: 'center' }}>
                      {mine ? (
                        <ForwardToInboxOutlined sx={{ fontSize: 56, color: horizon('textPlaceholder') }} />
                      ) : (
                        <MoveToInboxOutlined sx={{ fontSize: 56, color: horizon('textPlaceholder') }} />
                      )}
                      <Typography color="text.secondary" sx={{ mt: 1 }}>
                        {mine ? t('share_list.empty_from') : t('share_list.empty_to')}
                      </Typography>
                    </Box>
                  </TableCell>
                </TableRow>
              ) : (
                rows.map((row) => {
                  const main = row.newsTitleCn?.trim() || row.newsTitle || '—';
                  const original = row.newsTitleCn?.trim() && row.newsTitle !== row.newsTitleCn ? row.newsTitle : null;
                  return (
                    <TableRow
                      key={row.id}
                      hover
                      data-share-id={row.id}
                      onClick={(e) => {
                        if (!(e.target as HTMLElement).closest('button, a')) void open(row);
                      }}
                      sx={{ cursor: 'pointer', verticalAlign: 'top', '& > td': { py: 1.25 } }}
                    >
                      <TableCell sx={{ whiteSpace: 'normal' }}>
                        <Box sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
                          <Typography sx={{ fontSize: 14, fontWeight: 500, color: row.newsDeleted ? 'text.disabled' : 'text.primary', lineHeight: 1.5 }}>{main}</Typography>
                          {row.newsDeleted && <Chip size="small" label={t('share_list.deleted')} sx={{ height: 20, fontSize: 12 }} />}
                        </Box>
                        {original && (
                          <Typography sx={{ fontSize: 12.5, color: 'text.secondary', mt: 0.25, overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap', maxWidth: 640 }}>
                            {original}
                          </Typography>
                        )}
                      </TableCell>
                      <TableCell>{userName(row.fromId)}</TableCell>
                      <TableCell>{userName(row.toId)}</TableCell>
                      <TableCell sx={{ color: 'text.secondary' }}>{row.createTime?.slice(0, 16)}</TableCell>
                      <TableCell sx={{ whiteSpace: 'normal', color: row.content ? 'text.primary' : 'text.disabled' }}>
                        <Tooltip title={row.content ?? ''} enterDelay={500}>
                          <Box sx={{ display: '-webkit-box', WebkitLineClamp: 2, WebkitBoxOrient: 'vertical', overflow: 'hidden' }}>{row.content || '—'}</Box>
                        </Tooltip>
                      </TableCell>
                      <TableCell>
                        <Button size="small" sx={{ minWidth: 0, px: 0.75 }} onClick={() => void open(row)}>
                          {t('share_list.open')}
                        </Button>
                        {user.abilities.translate && (
                          <Button size="small" sx={{ minWidth: 0, px: 0.75 }} onClick={() => void open(row, true)}>
                            {t('share_list.translate')}
                          </Button>
                        )}
                      </TableCell>
                    </TableRow>
                  );
                })
              )}
            </TableBody>
          </Table>
        </TableContainer>
      </Box>
      <Box sx={{ borderTop: line() }}>
        <NewsPager
          total={total}
          page={state.page}
          size={state.size}
          sizes={SHARE_PAGE_SIZES}
          disabled={loadingFirst}
          onPage={(p) => p !== state.page && onChange(withPage(state, p, Math.max(pageCountOf(total, state.size), state.page)))}
          onSize={(s) => s !== state.size && onChange(withSize(state, s))}
        />
      </Box>
    </Box>
  );
}
