import { Injectable } from '@nestjs/common';
import type { SourceSelectors, SourceType } from '../collect-source.entity.js';
import type { RunTrigger } from '../collect-run.entity.js';

/** What preview and discovery are asked (docs/collect-design.md §7 "POST preview"). */
export interface PreviewRequest {
  url: string;
  type?: SourceType;
  selectors?: SourceSelectors;
  fullText?: boolean;
}

export interface PreviewResult {
  type: SourceType;
  feedUrl: string;
  title: string | null;
  discovered: Array<{ url: string; type: SourceType; title: string | null }>;
  items: Array<{ url: string; title: string; publishTime: Date | null; language: string | null; contentHtml: string; keywords: string[] }>;
  warnings: string[];
}

/** The summary of one run (docs/collect-design.md §5.3). */
export interface RunSummary {
  status: 'ok' | 'not-modified' | 'error';
  httpStatus: number | null;
  fetched: number;
  created: number;
  updated: number;
  duplicates: number;
  durationMs: number;
  error?: string;
}

/** The message of the stub: the fetching pipeline is piece 4 of docs/collect-design.md §13. */
export const COLLECTOR_NOT_READY = '采集器尚未启用';

/**
 * The collector: fetch → decode → parse → items → NewsIngest (docs/collect-design.md §3–§5).
 * **Stub of piece 1**: piece 4 replaces the bodies; the signatures are the contract the sources
 * service calls. The stub fetches nothing: preview answers no items and says why, discovery finds
 * nothing (a source of type `auto` keeps its address as the feed address), a run reports an error.
 */
@Injectable()
export class CollectorService {
  /** Fetches the address and shows what would be stored (nothing is written). */
  preview(req: PreviewRequest): Promise<PreviewResult> {
    return Promise.resolve({ type: req.type ?? 'auto', feedUrl: req.url, title: null, discovered: [], items: [], warnings: [`${COLLECTOR_NOT_READY}：无法预览`] });
  }

  /** The feed address of a site (§3.3 `auto`), null when none is found. */
  discover(url: string): Promise<{ feedUrl: string; type: SourceType } | null> {
    void url;
    return Promise.resolve(null);
  }

  /** Runs a source whose lease the caller holds; records the run. */
  run(sourceId: number, trigger: RunTrigger): Promise<RunSummary> {
    void sourceId;
    void trigger;
    return Promise.resolve({ status: 'error', httpStatus: null, fetched: 0, created: 0, updated: 0, duplicates: 0, durationMs: 0, error: COLLECTOR_NOT_READY });
  }
}
