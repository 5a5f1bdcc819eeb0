// Calls of the statistics page (docs/statistics.md): one request per chart, and the report.
import type { Schema } from '../../api';
import { requestJson } from '../../providers/http';
import type { Period } from './period';

export type ManuscriptStats = Schema<'ManuscriptStatisticDto'>;
export type TranslationStats = Schema<'TranslationStatisticDto'>;
export type TranslatorStats = Schema<'TranslatorStatisticDto'>;
export type JournalStats = Schema<'JournalStatisticDto'>;
export type ManuscriptGroup = ManuscriptStats['by'];
export type ReportFormat = 'xlsx' | 'docx';

export interface StatsFilter extends Period {
  productId: number | null;
}

const query = (values: Record<string, string | number | null | undefined>) => {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(values)) if (value !== null && value !== undefined && value !== '') params.set(key, String(value));
  return params.toString();
};

const get = <T>(path: string, values: Record<string, string | number | null | undefined>, signal?: AbortSignal) => requestJson<T>(`${path}?${query(values)}`, { signal });

export const statisticsApi = {
  manuscripts: (f: StatsFilter, by: ManuscriptGroup, signal?: AbortSignal) => get<ManuscriptStats>('api/statistic/manuscripts', { ...f, by }, signal),
  translations: (f: StatsFilter, signal?: AbortSignal) => get<TranslationStats>('api/statistic/translations', { startDate: f.startDate, endDate: f.endDate }, signal),
  journals: (f: StatsFilter, signal?: AbortSignal) => get<JournalStats>('api/statistic/journals', { ...f }, signal),
  /** The report of a product's period as a file path `/files/<capability>/<name>` (no login needed). */
  report: (productId: number, period: Period, format: ReportFormat) => get<string>('api/productJournal/generateStatistic', { productId, ...period, format }),
};
