// The logic of 分享: the page of shares (`GET api/newsSuggest`, reloaded by a live share notice),
// the title search being typed, and opening a share's item after checking that it still exists.
import { useEffect, useMemo, useRef, useState } from 'react';
import { HttpError } from 'react-admin';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useLiveMessages } from '../../../providers/liveBus';
import { useApiErrorHandler, useNotifyText, useQueryErrorHandler } from '../../shared/hooks';
import { useNewsUser } from '../access';
import { newsApi, newsKeys, openDetail, type ShareRow } from '../api';
import { type ListState, toShareQuery } from '../listState';
import { useNewsT } from '../text';
import { useFillHeight } from '../useFillHeight';

export type ShareListModel = ReturnType<typeof useShareList>;

export function useShareList(state: ListState) {
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

  return { t, user, title, setTitle, list, rows, total, loadingFirst, areaRef, height, open };
}
