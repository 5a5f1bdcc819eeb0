// Calls of the machine-translation screen (backend/src/modules/translation/mt.controller.ts). The
// glossary is the react-admin resource `system/mt` (→ `api/mtGlossary`, see resources/index.ts);
// status, failures and retry are direct calls.
import { api } from '../api';
import type { Schema } from '../../api';
import type { Page } from '../types';

/** The react-admin resource of the screen: its list is the glossary, its permissions `mt:*`. */
export const MT_RESOURCE = 'system/mt';
export const GLOSSARY_API_PATH = 'api/mtGlossary';

export type MtEngine = 'none' | 'libretranslate' | 'openai' | 'apertium';
export type MtQueueKind = 'in-process' | 'bullmq';

/** `GET api/mt/status`. */
export type MtStatus = Schema<'MtStatusDto'>;

/** A row of `GET api/mt/failures`. */
export type MtFailure = Schema<'MtFailureDto'>;

/** A row of `GET api/mtGlossary`. */
export type GlossaryTerm = Schema<'GlossaryDto'>;

/** Every status refresh: 10 s, while the page is visible. */
export const STATUS_REFRESH_MS = 10_000;
export const FAILURES_PAGE_SIZE = 10;

/** Query keys; all start with `horizon` so react-admin's refresh invalidates them too. */
export const mtKeys = {
  all: ['horizon', 'mt'] as const,
  status: ['horizon', 'mt', 'status'] as const,
  failuresAll: ['horizon', 'mt', 'failures'] as const,
  failures: (page: number, size: number) => ['horizon', 'mt', 'failures', page, size] as const,
};

export const mtApi = {
  status: () => api.get<MtStatus>('api/mt/status'),
  failures: (page: number, size: number) => api.get<Page<MtFailure>>('api/mt/failures', { page, size }),
  /** Re-queues the given failed items, or every failed item when `ids` is omitted. */
  retry: (ids?: number[]) => api.post<{ queued: number }>('api/mt/retry', ids ? { ids } : {}),
};

/** `/horizon/pro/news/detailFull2/12` (a new window needs the base path; router links do not). */
export function newsDetailHref(id: number): string {
  const base = (import.meta.env.BASE_URL ?? '/').replace(/\/?$/, '/');
  return `${base}pro/news/detailFull2/${id}`;
}
