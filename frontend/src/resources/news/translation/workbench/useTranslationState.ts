// The department's translation state of an item (`api/news/translationState`), reloaded when a
// submission or review of the item arrives on the live channel.
import { useEffect } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { subscribeLive } from '../../../../providers/liveBus';
import { useQueryErrorHandler } from '../../../shared/hooks';
import { translationApi, translationKeys } from '../api';

export function useTranslationState(newsId: number, deptId: number | undefined, enabled: boolean) {
  const queryClient = useQueryClient();
  const stateQuery = useQuery({
    queryKey: translationKeys.state(newsId, deptId),
    queryFn: () => translationApi.state(newsId, deptId),
    enabled,
    retry: false,
    refetchOnWindowFocus: true,
  });
  useQueryErrorHandler(stateQuery.error);

  // live channel: a submission or review of this item elsewhere → reload the state
  const refetchState = stateQuery.refetch;
  useEffect(
    () =>
      subscribeLive((message) => {
        if (message.newsId === undefined || message.newsId === null || String(message.newsId) !== String(newsId)) return;
        if (message.type !== 'translation.submitted' && message.type !== 'translation.reviewed') return;
        void refetchState();
        void queryClient.invalidateQueries({ queryKey: translationKeys.versions(newsId, deptId) });
      }),
    [newsId, deptId, refetchState, queryClient],
  );
  return stateQuery;
}
