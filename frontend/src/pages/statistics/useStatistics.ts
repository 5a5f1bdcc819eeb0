import { useState } from 'react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { errorMessage } from '../../resources/shared/hooks';
import { type ManuscriptGroup, statisticsApi, type StatsFilter } from './api';
import { type Period, periodProblem, presetPeriod } from './period';

const KEY = ['horizon', 'statistics'] as const;

/**
 * The 稿件统计 tab's state (period, product, grouping) and its three charts' requests — one each, so a
 * slow chart does not hold the others (docs/statistics.md). No request while the period is invalid.
 */
export function useStatistics() {
  const [period, setPeriod] = useState<Period>(() => presetPeriod('month', new Date()));
  const [productId, setProductId] = useState<number | null>(null);
  const [by, setBy] = useState<ManuscriptGroup>('dept');
  const valid = periodProblem(period) === null;
  const filter: StatsFilter = { ...period, productId };
  const common = { enabled: valid, staleTime: 30_000, placeholderData: keepPreviousData, retry: false } as const;

  const manuscripts = useQuery({ ...common, queryKey: [...KEY, 'manuscripts', filter, by], queryFn: ({ signal }) => statisticsApi.manuscripts(filter, by, signal) });
  const translations = useQuery({ ...common, queryKey: [...KEY, 'translations', period], queryFn: ({ signal }) => statisticsApi.translations(filter, signal) });
  const journals = useQuery({ ...common, queryKey: [...KEY, 'journals', filter], queryFn: ({ signal }) => statisticsApi.journals(filter, signal) });

  const refresh = () => {
    void manuscripts.refetch();
    void translations.refetch();
    void journals.refetch();
  };
  return { period, setPeriod, productId, setProductId, by, setBy, valid, manuscripts, translations, journals, refresh };
}

/** A query's error as the panel shows it (null: none). */
export const queryError = (q: { isError: boolean; error: unknown }): string | null => (q.isError ? errorMessage(q.error) : null);
