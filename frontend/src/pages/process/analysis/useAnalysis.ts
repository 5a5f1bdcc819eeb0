// The state of 查询统计: the query in the route, the draft of the query bar, one request per figure
// (each cached per query), the lookups of the bar, the export. AnalysisPage.tsx lays it out.
import { useCallback, useEffect, useMemo, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useSearchParams } from 'react-router-dom';
import { saveBlob } from '../../../resources/api';
import { useNotifyError, useNotifyText, useQueryErrorHandler } from '../../../resources/shared/hooks';
import { analysisApi, analysisKeys, DISTRIBUTIONS } from './api';
import { useAnalysisText } from './i18n';
import { type AnalysisQuery, DEFAULT_DAYS, localToday, parseQuery, presetRange, QUERY_KEYS, toApiQuery, withQuery } from './query';

const STALE = 60_000;

/** One figure's request: keyed by the API query, so a link or back/forward reuses what was loaded. */
function useFigure<T>(name: string, api: Record<string, string>, fetch: (signal: AbortSignal) => Promise<T>) {
  return useQuery({ queryKey: analysisKeys.figure(name, api), queryFn: ({ signal }) => fetch(signal), staleTime: STALE });
}

export function useAnalysis() {
  const t = useAnalysisText();
  const notifyText = useNotifyText();
  const notifyError = useNotifyError();
  const [searchParams, setSearchParams] = useSearchParams();
  const today = useMemo(() => localToday(), []);
  // The page's keys of the route are the query's identity: the list paging below does not touch it.
  const routeKey = new URLSearchParams(QUERY_KEYS.flatMap((key) => (searchParams.has(key) ? [[key, searchParams.get(key) ?? '']] : []))).toString();
  const query = useMemo(() => parseQuery(new URLSearchParams(routeKey), today), [routeKey, today]);
  const api = useMemo(() => toApiQuery(query), [query]);

  const [draft, setDraft] = useState<AnalysisQuery>(query);
  useEffect(() => setDraft(query), [query]);

  const timeline = useFigure('timeline', api, (signal) => analysisApi.timeline(api, signal));
  const source = useFigure('source', api, (signal) => analysisApi.distribution('source', api, signal));
  const country = useFigure('country', api, (signal) => analysisApi.distribution('country', api, signal));
  const classify = useFigure('classify', api, (signal) => analysisApi.distribution('classify', api, signal));
  const language = useFigure('language', api, (signal) => analysisApi.distribution('language', api, signal));
  const keywords = useFigure('keywords', api, (signal) => analysisApi.keywords(api, signal));
  const distributions = { source, country, classify, language };
  // One notice for a failed query (every figure fails the same way for a bad query).
  useQueryErrorHandler([timeline, keywords, ...DISTRIBUTIONS.map((by) => distributions[by])].find((f) => f.error)?.error ?? null);

  const websites = useQuery({ queryKey: analysisKeys.websites, queryFn: analysisApi.websites, staleTime: 5 * STALE });
  const dicts = useQuery({ queryKey: analysisKeys.dicts, queryFn: analysisApi.dicts, staleTime: 5 * STALE });

  const search = useCallback(
    (next: AnalysisQuery) => {
      if (next.startDate > next.endDate) {
        notifyText(t('errors.period'), 'warning');
        return;
      }
      setSearchParams((current) => withQuery(current, next));
    },
    [notifyText, setSearchParams, t],
  );
  const reset = useCallback(() => {
    const empty: AnalysisQuery = { content: '', classifyIds: [], webIds: [], countries: [], languages: [], ...presetRange(DEFAULT_DAYS, today) };
    setDraft(empty);
    setSearchParams((current) => withQuery(current, empty));
  }, [setSearchParams, today]);

  const [exporting, setExporting] = useState(false);
  const exportFigures = useCallback(async () => {
    setExporting(true);
    try {
      const blob = await analysisApi.export(api);
      saveBlob(blob, `${t('file')}-${query.startDate}至${query.endDate}.xlsx`);
    } catch (error) {
      notifyError(error instanceof Error && error.message ? error : t('errors.export_failed'));
    } finally {
      setExporting(false);
    }
  }, [api, notifyError, query.endDate, query.startDate, t]);

  return {
    today,
    query,
    api,
    draft,
    setDraft,
    search,
    reset,
    timeline,
    distributions,
    keywords,
    websites,
    dicts,
    exporting,
    exportFigures,
  };
}

export type AnalysisModel = ReturnType<typeof useAnalysis>;
