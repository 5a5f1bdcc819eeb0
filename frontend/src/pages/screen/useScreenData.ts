import { useEffect, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useNotify } from 'react-admin';
import { useLiveMessages } from '../../providers/liveBus';
import { acquireLive } from '../../providers/socket';
import { errorMessage } from '../../resources/shared/hooks';
import { SCREEN_REFRESH_MS } from './screenOptions';

/**
 * One screen's data: asked on open, every 30 s, and at once when the live channel pushes a warning
 * (`news.warned`). The screen is its own window, so it holds the live connection itself. A failure
 * is toasted once; the last figures stay on the wall.
 */
export function useScreenData<T>(key: readonly unknown[], fetch: (signal: AbortSignal) => Promise<T>, failedText: string) {
  const notify = useNotify();
  const query = useQuery({
    queryKey: ['horizon', 'screen', ...key],
    queryFn: ({ signal }) => fetch(signal),
    staleTime: 0,
    gcTime: 0,
    refetchOnMount: 'always',
    refetchInterval: SCREEN_REFRESH_MS,
    refetchIntervalInBackground: true,
    retry: false,
  });
  useEffect(() => acquireLive(), []);
  useLiveMessages((message) => {
    if (message.type === 'news.warned') void query.refetch();
  });
  const error = query.isError ? errorMessage(query.error) : null;
  useEffect(() => {
    if (error) notify(`${failedText}：${error}`, { type: 'error' });
  }, [error, failedText, notify]);
  return { data: query.data, loading: query.isPending, error, updatedAt: query.dataUpdatedAt };
}

/** The current time, ticking every second. */
export function useClock(): Date {
  const [now, setNow] = useState(() => new Date());
  useEffect(() => {
    const timer = setInterval(() => setNow(new Date()), 1000);
    return () => clearInterval(timer);
  }, []);
  return now;
}
