// State of the 动态投票 page: the list, the selected vote (polled while open: the live tally) and
// the actions, each answered with a notice; the server's message is shown when an action fails.
import { useState } from 'react';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { useNotify } from 'react-admin';
import { voteApi, voteKeys, type VoteListFilter } from './api';
import type { VoteDetail } from './types';
import { useVoteText } from './i18n';
import { POLL_MS } from './voteRules';

/** The message of a failed call (the API's `message`), else `fallback`. */
export const errorText = (error: unknown, fallback: string) => (error instanceof Error && error.message ? error.message : fallback);

export function useVoteList(filter: VoteListFilter) {
  return useQuery({ queryKey: voteKeys.list(filter), queryFn: ({ signal }) => voteApi.list(filter, signal), placeholderData: keepPreviousData });
}

/** The vote with its tally; refetched every POLL_MS while it is open. */
export function useVoteDetail(id: number | null) {
  return useQuery({
    queryKey: voteKeys.one(id ?? 0),
    queryFn: ({ signal }) => voteApi.info(id!, signal),
    enabled: id !== null,
    refetchInterval: (query) => (query.state.data?.state === 'open' ? POLL_MS : false),
  });
}

/** 投票, 撤回, 结束投票, 删除, 导出 on one vote; `busy` while one runs. */
export function useVoteActions(vote: VoteDetail | undefined, onDeleted: () => void) {
  const t = useVoteText();
  const notify = useNotify();
  const queryClient = useQueryClient();
  const [busy, setBusy] = useState<string | null>(null);

  const run = async (key: string, action: () => Promise<VoteDetail | unknown>, success: string) => {
    setBusy(key);
    try {
      const answer = await action();
      if (vote && answer && typeof answer === 'object' && 'candidates' in answer) queryClient.setQueryData(voteKeys.one(vote.id), answer);
      notify(success, { type: 'success' });
      await queryClient.invalidateQueries({ queryKey: [...voteKeys.all, 'list'] });
      return true;
    } catch (error) {
      notify(errorText(error, t('detail.load_failed')), { type: 'error' });
      // the vote may have changed meanwhile (closed by someone else): show it as it is now
      if (vote) await queryClient.invalidateQueries({ queryKey: voteKeys.one(vote.id) });
      return false;
    } finally {
      setBusy(null);
    }
  };

  return {
    busy,
    cast: (manuscriptId: number) => vote && run(`cast-${manuscriptId}`, () => voteApi.cast(vote.id, manuscriptId), t('detail.cast_ok')),
    withdraw: (manuscriptId: number) => vote && run(`withdraw-${manuscriptId}`, () => voteApi.withdraw(vote.id, manuscriptId), t('detail.withdraw_ok')),
    close: () => vote && run('close', () => voteApi.close(vote.id), t('detail.closed_ok')),
    exportResult: () => vote && run('export', () => voteApi.download(vote.id, vote.title), t('detail.export_ok')),
    remove: async () => {
      if (vote && (await run('delete', () => voteApi.remove([vote.id]), t('detail.deleted_ok')))) {
        queryClient.removeQueries({ queryKey: voteKeys.one(vote.id) });
        onDeleted();
      }
    },
  };
}
