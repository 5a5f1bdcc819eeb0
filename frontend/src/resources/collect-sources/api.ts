// The calls of 数据源管理 (docs/collect-api.md, `api/collectionWebsite`), through the data
// provider's `call` so a 401/403 goes through authProvider.checkError like every other call.
import { useMemo } from 'react';
import { useDataProvider } from 'react-admin';
import type { Page, Schema } from '../../api';
import type { HorizonDataProvider } from '../../providers/dataProvider';

export type Source = Schema<'SourceDto'>;
export type SourceType = NonNullable<Source['type']>;
export type SourceWrite = Schema<'SourceCreateDto'>;
export type SourceSelectors = Schema<'SourceSelectorsDto'>;
export type SourceRule = Schema<'SourceRuleDto'>;
export type Preview = Schema<'PreviewDto'>;
export type PreviewRequest = Schema<'SourcePreviewDto'>;
export type Run = Schema<'RunDto'>;
export type RunSummary = Schema<'RunSummaryDto'>;
export type SourceHealth = Schema<'SourceHealthDto'>;
export type OpmlImportResult = Schema<'OpmlImportResultDto'>;
export type DeleteResult = Schema<'SourceDeleteResultDto'>;
export type ClassifyFlat = Schema<'ClassifyFlatDto'>;

export const SOURCE_TYPES: SourceType[] = ['auto', 'rss', 'atom', 'json', 'html'];
export const SOURCE_STATUSES = ['ok', 'error', 'failing', 'disabled', 'never'] as const;
export type SourceStatus = (typeof SOURCE_STATUSES)[number];

export const API = 'api/collectionWebsite';

export interface SourceFilter {
  name?: string;
  enabled?: 'true' | 'false';
  status?: SourceStatus;
}

/** `?a=1&b=2` of the defined, non-empty values. */
export function queryString(params: Record<string, string | number | undefined>): string {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) if (value !== undefined && value !== '') search.set(key, String(value));
  const text = search.toString();
  return text ? `?${text}` : '';
}

/** The sources API bound to the app's data provider. */
export function useSourcesApi() {
  const dataProvider = useDataProvider<HorizonDataProvider>();
  return useMemo(() => {
    const call = async <T>(path: string, options?: Parameters<HorizonDataProvider['call']>[1]) => (await dataProvider.call<T>(path, options)).data;
    return {
      list: (page: number, size: number, filter: SourceFilter) => call<Page<Source>>(`${API}${queryString({ page, size, ...filter })}`),
      health: () => call<SourceHealth>(`${API}/health`),
      create: (body: SourceWrite) => call<Source>(API, { method: 'POST', body }),
      update: (body: Partial<SourceWrite> & { id: number }) => call<Source>(API, { method: 'PUT', body }),
      setEnabled: (ids: number[], enabled: boolean) => call<{ updated: number }>(`${API}/enabled`, { method: 'PUT', body: { ids, enabled } }),
      remove: (ids: number[], force: boolean) => call<DeleteResult>(`${API}${force ? '?force=true' : ''}`, { method: 'DELETE', body: ids }),
      preview: (body: PreviewRequest) => call<Preview>(`${API}/preview`, { method: 'POST', body }),
      collect: (id: number) => call<RunSummary>(`${API}/${id}/collect`, { method: 'POST' }),
      runs: (id: number, page: number, size: number) => call<Page<Run>>(`${API}/${id}/runs${queryString({ page, size })}`),
      exportOpml: () => call<Blob>(`${API}/opml`, { responseType: 'blob' }),
      importOpml: (file: File) => {
        const form = new FormData();
        form.append('file', file);
        return call<OpmlImportResult>(`${API}/opml`, { method: 'POST', body: form });
      },
      classes: () => call<ClassifyFlat[]>('api/NewsClassify/findAll'),
    };
  }, [dataProvider]);
}

export type SourcesApi = ReturnType<typeof useSourcesApi>;

/** The health dot of a row: grey when off or unconfigured, red when failing, amber after an error, green otherwise. */
export function sourceDot(source: Pick<Source, 'enabled' | 'configured' | 'errorCount' | 'lastStatus'>, failingAfter = 5): 'grey' | 'red' | 'amber' | 'green' {
  if (!source.configured || !source.enabled) return 'grey';
  if (source.errorCount >= failingAfter) return 'red';
  if (source.errorCount > 0 || source.lastStatus === 'error') return 'amber';
  return 'green';
}

/** The status word of a row (the `status` filter's vocabulary, docs/collect-api.md). */
export function sourceStatus(source: Pick<Source, 'enabled' | 'configured' | 'errorCount' | 'lastStatus'>, failingAfter = 5): SourceStatus {
  if (!source.configured || !source.enabled) return 'disabled';
  if (source.errorCount >= failingAfter) return 'failing';
  if (source.errorCount > 0) return 'error';
  if (!source.lastStatus) return 'never';
  return 'ok';
}

/** Leaf classes with their name paths (全部/经济/金融), by path. */
export function leafClasses(all: ClassifyFlat[]): Array<{ id: number; label: string }> {
  const byId = new Map(all.map((c) => [c.id, c]));
  const parents = new Set(all.map((c) => c.pid).filter((pid): pid is number => pid !== null));
  const path = (c: ClassifyFlat): string => {
    const names: string[] = [];
    let node: ClassifyFlat | undefined = c;
    for (let depth = 0; node && depth < 20; depth += 1) {
      names.unshift(node.name);
      node = node.pid === null ? undefined : byId.get(node.pid);
    }
    return names.join('/');
  };
  return all
    .filter((c) => !parents.has(c.id))
    .map((c) => ({ id: c.id, label: path(c) }))
    .sort((a, b) => a.label.localeCompare(b.label, 'zh-CN'));
}

/** The message of a failed call (the server's Chinese message), else the fallback. */
export function errorMessage(error: unknown, fallback: string): string {
  const message = (error as { message?: unknown } | null)?.message;
  return typeof message === 'string' && message ? message : fallback;
}
