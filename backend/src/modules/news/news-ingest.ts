import type { EntityManager } from 'typeorm';

/**
 * The news module's one write path for collected and imported items (docs/collect-design.md §4.2):
 * the contract the collector (piece 4), the alerts (piece 5) and the exchange import (piece 6) call.
 * Built by piece 3: `news-ingest.service.ts` (batched dedup, sources, story clusters, warnings) and
 * `news-ingest.repository.ts` (its SQL); the class is re-exported here, so `NewsIngest` is imported
 * from this file (or the module's `index.ts`) as before.
 */
export interface IngestItem {
  /** Canonical URL (docs/collect-design.md §4.1). */
  url: string;
  /** The item's id at its source; null → its canonical URL. */
  guid: string | null;
  title: string;
  content: string;
  contentHtml: string | null;
  publishTime: Date;
  language: string | null;
  country: string | null;
  classify: number[];
  keywords: string[];
  /** First 8 bytes of SHA-256 of title + text, as a decimal bigint string. */
  contentHash: string;
  /** Exchange packages carry their translation. */
  titleCn?: string | null;
  contentCn?: string | null;
  /** Exchange packages carry their attachments (already stored; `storageId` is the local file). */
  files?: Array<{ name: string; size: number; storageId: number }>;
}

export type IngestOrigin = 'collect' | 'exchange';

export interface IngestResult {
  created: number;
  updated: number;
  /** Includes cross-source additions (`news_source` rows added to an existing item). */
  duplicates: number;
  /** Ids of the items created by this batch (matched against the alert rules). */
  createdIds: string[];
}

export interface NewsIngestPort {
  ingest(webId: number, items: IngestItem[], origin?: IngestOrigin): Promise<IngestResult>;
  /** `news_dept.yj = true` for the department's items (alert hits), in the caller's transaction. */
  markWarned(em: EntityManager, deptId: number, newsIds: string[]): Promise<void>;
  /**
   * The MT sweep of the collect maintenance job (every minute): items whose machine translation
   * finished after their last cluster check get their Chinese signature and, when still alone, are
   * assigned again (§4.3); collected items left unchecked by a stopped process (created 5 minutes to
   * a day ago) are checked too. Answers how many items were checked (at most 2 × `limit`, default 200).
   */
  reclusterTranslated(limit?: number): Promise<number>;
  /** Deletes MinHash signatures of items published more than `days` ago (daily; default 14). How many. */
  pruneMinhash(days?: number): Promise<number>;
}

/** The class other modules inject (`news-ingest.service.ts`). */
export { NewsIngest } from './news-ingest.service.js';
