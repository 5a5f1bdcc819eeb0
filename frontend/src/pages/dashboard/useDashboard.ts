import { useEffect } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useNotify } from 'react-admin';
import { errorMessage } from '../../resources/shared/hooks';
import { dashboardApi } from './api';

/** How often the figures are asked again while the page is open. */
export const DASHBOARD_REFRESH_MS = 60_000;

/**
 * Today's figures: asked whenever the page is entered (nothing kept once it is left: `gcTime: 0`)
 * and every 60 s while it is open; a failure is toasted once and shown as an alert.
 */
export function useDashboard(failedText: string) {
  const notify = useNotify();
  const query = useQuery({
    queryKey: ['horizon', 'dashboard'],
    queryFn: ({ signal }) => dashboardApi.figures(signal),
    staleTime: 0,
    gcTime: 0,
    refetchOnMount: 'always',
    refetchInterval: DASHBOARD_REFRESH_MS,
    retry: false,
  });
  const error = query.isError ? errorMessage(query.error) : null;
  useEffect(() => {
    if (error) notify(`${failedText}：${error}`, { type: 'error' });
  }, [error, failedText, notify]);
  return { data: query.data, loading: query.isPending, error, refresh: () => void query.refetch() };
}
