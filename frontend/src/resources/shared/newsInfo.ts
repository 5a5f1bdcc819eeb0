// `GET api/news/info`: one news item's detail as the caller's department sees it (its department
// abstract, reviewer, translations). Read by the news side panel and detail page and by the
// submission dialog of the manuscript screens; one query key, so they share the cached answer.
// (The call marks the item read and counts the read.)
import type { Schema } from '../../api';
import { requestJson } from '../../providers/http';
import { toQueryString } from '../api';

export type NewsInfoRecord = Schema<'NewsInfoDto'>;

export const newsInfoKey = (id: number) => ['horizon', 'news', 'info', id] as const;

export function fetchNewsInfo(id: number, deptId?: number | null): Promise<NewsInfoRecord> {
  return requestJson<NewsInfoRecord>(`api/news/info?${toQueryString({ id, deptId })}`);
}
