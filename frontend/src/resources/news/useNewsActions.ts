// Row actions of the news screens: one request, the row updated in place in every cached list and
// detail (no reload, no flicker), one notice. Other lists are marked stale so that membership
// changes (a tracked item joins 推荐) show when they are opened next.
import { useCallback, useState } from 'react';
import { type QueryClient, useQueryClient } from '@tanstack/react-query';
import { errorMessage, useApiErrorHandler, useNotifyText } from '../shared/hooks';
import { newsApi, newsKeys } from './api';
import { useNewsT } from './text';
import type { NewsInfo, NewsPage, NewsRow } from './types';

export type RowPatch = Partial<NewsRow> | ((row: NewsRow) => Partial<NewsRow>);

function apply<T extends NewsRow>(row: T, patch: RowPatch): T {
  return { ...row, ...(typeof patch === 'function' ? patch(row) : patch) };
}

/** Updates one item in every cached news list and its cached detail. */
export function patchNewsInCache(queryClient: QueryClient, id: number, patch: RowPatch): void {
  queryClient.setQueriesData<NewsPage>({ queryKey: newsKeys.lists }, (old) =>
    old && Array.isArray(old.content) && old.content.some((r) => r.id === id)
      ? { ...old, content: old.content.map((r) => (r.id === id ? apply(r, patch) : r)) }
      : old,
  );
  queryClient.setQueryData<NewsInfo>(newsKeys.info(id), (old) => (old ? apply(old, patch) : old));
}

/** Removes an item from every cached list (noise, delete). */
export function removeNewsFromCache(queryClient: QueryClient, id: number): void {
  queryClient.setQueriesData<NewsPage>({ queryKey: newsKeys.lists }, (old) =>
    old && Array.isArray(old.content) && old.content.some((r) => r.id === id)
      ? { ...old, content: old.content.filter((r) => r.id !== id), totalElements: Math.max(0, old.totalElements - 1) }
      : old,
  );
}

/** Marks every news list stale without refetching the one on screen (it keeps its patched rows). */
export function markListsStale(queryClient: QueryClient): void {
  void queryClient.invalidateQueries({ queryKey: newsKeys.lists, refetchType: 'none' });
}

export function usePatchNews() {
  const queryClient = useQueryClient();
  return useCallback((id: number, patch: RowPatch) => patchNewsInCache(queryClient, id, patch), [queryClient]);
}

type Toggle = 'collect' | 'track' | 'warn' | 'choose';

/** The in-place toggles (collect, track, warn, 精选) with a per-row busy state. */
export function useNewsActions(userId: number | undefined) {
  const queryClient = useQueryClient();
  const notifyText = useNotifyText();
  const onError = useApiErrorHandler();
  const t = useNewsT();
  const [busy, setBusy] = useState<ReadonlySet<string>>(new Set());

  const run = useCallback(
    async (kind: Toggle, row: NewsRow) => {
      const key = `${kind}:${row.id}`;
      setBusy((b) => new Set(b).add(key));
      try {
        let patch: Partial<NewsRow>;
        let message: string;
        if (kind === 'collect') {
          if (row.isCollect) await newsApi.uncollect(row.id, userId);
          else await newsApi.collect(row);
          patch = { isCollect: !row.isCollect };
          message = t(row.isCollect ? 'notify.uncollected' : 'notify.collected');
          void queryClient.invalidateQueries({ queryKey: ['horizon', 'newsCollect'] });
        } else if (kind === 'track') {
          await newsApi.track(row.id, !row.isRecommend);
          patch = { isRecommend: !row.isRecommend };
          message = t(row.isRecommend ? 'notify.untracked' : 'notify.tracked');
        } else if (kind === 'warn') {
          await newsApi.warn(row.id, !row.yj);
          patch = { yj: !row.yj };
          message = t(row.yj ? 'notify.unwarned' : 'notify.warned');
        } else {
          await newsApi.choose(row.id, !row.isChoice);
          patch = { isChoice: !row.isChoice };
          message = t(row.isChoice ? 'notify.unchosen' : 'notify.chosen');
        }
        patchNewsInCache(queryClient, row.id, patch);
        markListsStale(queryClient);
        notifyText(message);
      } catch (error) {
        onError(error);
      } finally {
        setBusy((b) => {
          const next = new Set(b);
          next.delete(key);
          return next;
        });
      }
    },
    [queryClient, notifyText, onError, t, userId],
  );

  /**
   * Bulk track / collect: one request per row that still needs it, then one notice (the spec's
   * batch buttons act on every selected row). Answers the ids that succeeded.
   */
  const runBulk = useCallback(
    async (kind: 'track' | 'collect', rows: NewsRow[]): Promise<number[]> => {
      const todo = rows.filter((r) => (kind === 'track' ? !r.isRecommend : !r.isCollect));
      if (!todo.length) {
        notifyText(t(kind === 'track' ? 'notify.bulk_all_tracked' : 'notify.bulk_all_collected'), 'info');
        return [];
      }
      setBusy((b) => new Set(b).add(`bulk:${kind}`));
      try {
        const results = await Promise.allSettled(todo.map((r) => (kind === 'track' ? newsApi.track(r.id, true) : newsApi.collect(r))));
        const ok: number[] = [];
        let firstError: unknown;
        results.forEach((result, i) => {
          if (result.status === 'fulfilled') ok.push(todo[i].id);
          else firstError ??= result.reason;
        });
        for (const id of ok) patchNewsInCache(queryClient, id, kind === 'track' ? { isRecommend: true } : { isCollect: true });
        markListsStale(queryClient);
        if (kind === 'collect') void queryClient.invalidateQueries({ queryKey: ['horizon', 'newsCollect'] });
        if (firstError === undefined) {
          // every selected row is now tracked / collected (those that already were included)
          notifyText(t(kind === 'track' ? 'notify.bulk_tracked' : 'notify.bulk_collected', { count: rows.length }));
        } else if (!ok.length) {
          onError(firstError);
        } else {
          notifyText(t('notify.bulk_partial', { ok: ok.length, failed: todo.length - ok.length, message: errorMessage(firstError) }), 'warning');
        }
        return ok;
      } finally {
        setBusy((b) => {
          const next = new Set(b);
          next.delete(`bulk:${kind}`);
          return next;
        });
      }
    },
    [queryClient, notifyText, onError, t],
  );

  const isBusy = useCallback((kind: Toggle | 'bulk', id: number | string) => busy.has(`${kind}:${id}`), [busy]);

  return { run, runBulk, isBusy };
}
