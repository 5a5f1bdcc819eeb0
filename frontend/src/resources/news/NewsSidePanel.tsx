import { useEffect, useRef, useState } from 'react';
import CloseIcon from '@mui/icons-material/Close';
import LaunchIcon from '@mui/icons-material/Launch';
import OpenInNewIcon from '@mui/icons-material/OpenInNew';
import { Alert, Box, Button, Chip, IconButton, Skeleton, Tab, Tabs, Tooltip, Typography } from '@mui/material';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { horizon, line } from '../../theme/theme';
import { useQueryErrorHandler } from '../shared/hooks';
import { newsApi, newsKeys, openDetail } from './api';
import { NewsText, TextEmpty } from './NewsText';
import { useNewsT } from './text';
import { usePatchNews } from './useNewsActions';
import type { NewsInfo, NewsRow } from './types';

export type PanelTab = 'original' | 'machine' | 'manual';

/** The item's detail (`GET api/news/info`, which marks it read); the list row follows (read, count). */
export function useNewsInfo(id: number | null, deptId: number | undefined) {
  const patch = usePatchNews();
  const queryClient = useQueryClient();
  // Each opening is one read (the server counts it): a refetch while open (react-admin's refresh
  // after a dialog, a retry) keeps the item as it is in the cache, where the actions patch it.
  const fetched = useRef<number | null>(null);
  const query = useQuery({
    queryKey: newsKeys.info(id ?? 0),
    queryFn: async () => {
      const cached = queryClient.getQueryData<NewsInfo>(newsKeys.info(id as number));
      if (cached && fetched.current === id) return cached;
      const info = await newsApi.info(id as number, deptId);
      fetched.current = id;
      return info;
    },
    enabled: id !== null,
    staleTime: 60_000,
    retry: false,
    // every read counts (`count + 1`): no silent refetch when the window regains focus
    refetchOnWindowFocus: false,
    refetchOnReconnect: false,
  });
  useQueryErrorHandler(query.error);
  const info = query.data;
  useEffect(() => {
    if (info) patch(info.id, { isRead: true, count: info.count });
  }, [info, patch]);
  return query;
}

export interface NewsSidePanelProps {
  /** The row clicked (shown at once while the detail loads). */
  row: NewsRow;
  deptId: number | undefined;
  /** news:translate — "start translating" opens the translation entry (detailFull?trans=true). */
  canTranslate?: boolean;
  onClose: () => void;
}

function PanelSkeleton() {
  return (
    <Box sx={{ p: 2 }}>
      {[100, 96, 98, 60, 0, 100, 94, 97, 40].map((w, i) =>
        w ? <Skeleton key={i} variant="text" width={`${w}%`} sx={{ fontSize: 15 }} /> : <Box key={i} sx={{ height: 12 }} />,
      )}
    </Box>
  );
}

/** Single click on a row: the item on the right with 原文 / 机器翻译 / 人工翻译 and the original link. */
export function NewsSidePanel({ row, deptId, canTranslate = false, onClose }: NewsSidePanelProps) {
  const t = useNewsT();
  const [tab, setTab] = useState<PanelTab>('original');
  const { data, isPending, isError } = useNewsInfo(row.id, deptId);
  const info: NewsInfo | undefined = data && data.id === row.id ? data : undefined;
  const title = (info?.titleCn ?? row.titleCn)?.trim() || row.title;
  const original = info?.title ?? row.title;

  return (
    <Box data-testid="news-side-panel" sx={{ display: 'flex', flexDirection: 'column', height: '100%', minHeight: 0, bgcolor: 'background.paper' }}>
      <Box sx={{ px: 2, pt: 1.5, pb: 1, borderBottom: line() }}>
        <Box sx={{ display: 'flex', alignItems: 'flex-start', gap: 1 }}>
          <Box sx={{ flex: 1, minWidth: 0 }}>
            <Typography component="h2" sx={{ fontSize: 16, fontWeight: 600, lineHeight: 1.5, color: 'text.primary' }}>
              {title}
            </Typography>
            {original !== title && (
              <Typography variant="body2" sx={{ color: 'text.secondary', mt: 0.25, lineHeight: 1.5 }} lang={row.language ?? undefined}>
                {original}
              </Typography>
            )}
          </Box>
          <Tooltip title={t('panel.close')}>
            <IconButton size="small" aria-label={t('panel.close')} onClick={onClose} sx={{ mt: -0.25 }}>
              <CloseIcon fontSize="small" />
            </IconButton>
          </Tooltip>
        </Box>
        <Box sx={{ display: 'flex', alignItems: 'center', flexWrap: 'wrap', gap: 1, mt: 1, fontSize: 12, color: horizon('textMuted') }}>
          <span>{row.publishTime?.slice(0, 16)}</span>
          {row.webName && <span>{row.webName}</span>}
          <span>{t('row.reads', { count: info?.count ?? row.count })}</span>
          {info?.editorName && <span>{t('panel.editor', { name: info.editorName })}</span>}
          <Box sx={{ flex: 1 }} />
          {row.url && (
            <Button
              size="small"
              component="a"
              href={row.url}
              target="_blank"
              rel="noopener noreferrer"
              startIcon={<LaunchIcon sx={{ fontSize: '16px !important' }} />}
              sx={{ fontSize: 12.5, py: 0.25 }}
            >
              {t('actions.original')}
            </Button>
          )}
          <Button size="small" variant="outlined" startIcon={<OpenInNewIcon sx={{ fontSize: '16px !important' }} />} onClick={() => openDetail(row.id)} sx={{ fontSize: 12.5, py: 0.25 }}>
            {t('actions.detail')}
          </Button>
        </Box>
        {info && info.keywords?.length > 0 && (
          <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 0.5, mt: 1 }}>
            {info.keywords.slice(0, 8).map((k) => (
              <Chip key={k} size="small" label={k} sx={{ height: 20, fontSize: 12, borderRadius: 1, bgcolor: horizon('infoLight'), color: 'text.secondary' }} />
            ))}
          </Box>
        )}
      </Box>
      <Tabs
        value={tab}
        onChange={(_e, v: PanelTab) => setTab(v)}
        sx={{ minHeight: 40, px: 1, borderBottom: line(), '& .MuiTab-root': { minHeight: 40, fontSize: 13, px: 1.5, minWidth: 0 } }}
      >
        <Tab value="original" label={t('panel.original')} />
        <Tab value="machine" label={t('panel.machine')} />
        <Tab value="manual" label={t('panel.manual')} />
      </Tabs>
      <Box role="tabpanel" aria-label={t(`panel.${tab}`)} sx={{ flex: 1, minHeight: 0, overflow: 'auto', px: 2.5, py: 2 }}>
        {isPending ? (
          <PanelSkeleton />
        ) : isError || !info ? (
          <Alert severity="error" variant="outlined">
            {t('panel.load_failed')}
          </Alert>
        ) : tab === 'original' ? (
          <NewsText html={info.contentHtml} text={info.content} empty={t('panel.no_content')} lang={info.language ?? undefined} />
        ) : tab === 'machine' ? (
          <NewsText text={info.contentCn} empty={t('panel.no_machine')} lang="zh-CN" />
        ) : info.contentTrans?.trim() ? (
          <NewsText text={info.contentTrans} empty={t('panel.no_manual')} lang="zh-CN" />
        ) : (
          <ManualEmpty text={t('panel.no_manual')} id={row.id} trans={canTranslate} label={canTranslate ? t('actions.translate') : t('actions.detail')} />
        )}
      </Box>
    </Box>
  );
}

function ManualEmpty({ text, id, trans, label }: { text: string; id: number; trans: boolean; label: string }) {
  return (
    <Box sx={{ textAlign: 'center' }}>
      <TextEmpty text={text} />
      <Button size="small" variant="contained" startIcon={<OpenInNewIcon />} onClick={() => openDetail(id, { trans })} sx={{ mt: -2 }}>
        {label}
      </Button>
    </Box>
  );
}
