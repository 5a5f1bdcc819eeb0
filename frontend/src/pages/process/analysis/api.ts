// Calls of 查询统计 (docs/news-analysis.md): one per figure, the export, and the lookups of the
// query bar (sources, the country and language dictionaries). Classes come from the news screens'
// cached tree (useClassifyTree).
import type { Schema } from '../../../api';
import { requestJson } from '../../../providers/http';
import { apiDownload, toQueryString } from '../../../resources/api';

export type Timeline = Schema<'AnalysisTimelineDto'>;
export type Distribution = Schema<'AnalysisDistributionDto'>;
export type Bucket = Schema<'AnalysisBucketDto'>;
export type Keywords = Schema<'AnalysisKeywordsDto'>;
export type Website = Schema<'SourceLightDto'>;
export type DistributionBy = Distribution['by'];

/** A dictionary entry (`GET api/dictDetail/map`). */
export interface DictEntry {
  label: string;
  value: string;
}

export const DISTRIBUTIONS: DistributionBy[] = ['source', 'country', 'classify', 'language'];

const get = <T>(path: string, query: Record<string, string>, signal?: AbortSignal) => {
  const qs = toQueryString(query);
  return requestJson<T>(qs ? `${path}?${qs}` : path, { signal });
};

export const analysisApi = {
  timeline: (query: Record<string, string>, signal?: AbortSignal) => get<Timeline>('api/news/analysis/timeline', query, signal),
  distribution: (by: DistributionBy, query: Record<string, string>, signal?: AbortSignal) =>
    get<Distribution>('api/news/analysis/distribution', { ...query, by }, signal),
  keywords: (query: Record<string, string>, signal?: AbortSignal) => get<Keywords>('api/news/analysis/keywords', query, signal),
  /** Every figure as one xlsx. */
  export: (query: Record<string, string>) => apiDownload('api/news/analysis/export', query),
  websites: () => requestJson<Website[]>('api/collectionWebsite/findAll'),
  dicts: () => get<Record<string, DictEntry[]>>('api/dictDetail/map', { dictName: 'country,language' }),
};

/** Query keys (all start with `horizon`: react-admin's refresh invalidates them). */
export const analysisKeys = {
  figure: (name: string, query: Record<string, string>) => ['horizon', 'news', 'analysis', name, query] as const,
  websites: ['horizon', 'news', 'analysis', 'websites'] as const,
  dicts: ['horizon', 'news', 'analysis', 'dicts'] as const,
};
