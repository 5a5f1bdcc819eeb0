import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';

/**
 * The news module's one write path for collected and imported items (docs/collect-design.md §4.2):
 * the contract the collector (piece 4), the alerts (piece 5) and the exchange import (piece 6) call.
 * Piece 3 implements it (`news-ingest.service.ts`, batched dedup, sources, story clusters); until
 * then the stub below refuses every write, so nothing half-stores an item.
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
}

/** Stub until piece 3: a clear error, never a partial write. */
@Injectable()
export class NewsIngest implements NewsIngestPort {
  ingest(): Promise<IngestResult> {
    return Promise.reject(new Error('NewsIngest is not built yet (docs/collect-design.md §13 piece 3)'));
  }

  markWarned(): Promise<void> {
    return Promise.reject(new Error('NewsIngest is not built yet (docs/collect-design.md §13 piece 3)'));
  }
}
