import { createHash } from 'node:crypto';
import { HttpStatus, Inject, Injectable, Logger, type OnModuleDestroy } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource } from 'typeorm';
import { DomainException } from '../../../common/errors/domain.exception.js';
import { Metrics } from '../../../common/ops/metrics.js';
import { APP_CONFIG, type AppConfig } from '../../../config/config.js';
import { type IngestItem, NewsIngest, type IngestResult } from '../../news/index.js';
import { clip, html, NoticeService } from '../../realtime/index.js';
import { AlertsService } from '../alerts/alerts.service.js';
import type { RunTrigger } from '../collect-run.entity.js';
import type { RunStatus, SourceSelectors, SourceType } from '../collect-source.entity.js';
import { decodeBody } from '../fetch/decode.js';
import { findFeed } from '../fetch/discover-feed.js';
import { FetchError } from '../fetch/fetch-error.js';
import { type FetchRequest, type FetchResult, SafeFetcher } from '../fetch/safe-fetch.js';
import { type Article, extractArticle } from '../parse/article.js';
import type { FeedItem } from '../parse/feed.js';
import { CollectParseError } from '../parse/parse-error.js';
import { readDocument, type ReadResult } from '../parse/read.js';
import { type RunOutcome, type RunSource, RunsRepository } from '../runs.repository.js';
import { delayAfterError, delayAfterSuccess, effectiveInterval, type IntervalLimits } from '../schedule/intervals.js';
import { mapCooperative } from '../../../common/async/cooperative.js';
import { buildItem, compileRules, type SourceContext } from './item.js';

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

/** Machine code of a preview whose address could not be fetched (docs/collect-api.md "Preview"). */
export const COLLECT_FETCH_FAILED = 'COLLECT_FETCH_FAILED';
/** Items a preview shows. */
export const PREVIEW_ITEMS = 10;
/** Article pages fetched per run for full text, and at once. */
export const FULL_TEXT_MAX_PAGES = 20;
const FULL_TEXT_PARALLEL = 2;
/** An item published this long before the source's last new item is taken as already seen (full text). */
const FULL_TEXT_LOOKBACK_MS = 24 * 3600_000;
const ERROR_MAX_CHARS = 2000;
/**
 * NewsIngest batches stored at once by this process. Each holds one pooled connection at a time (its
 * items' transaction, then its story step, which waits for the cluster lock across processes), so
 * four leave the pool (DATABASE_POOL_SIZE, default 10) to the API; fetching and parsing stay
 * `COLLECT_CONCURRENCY` wide.
 */
export const INGEST_PARALLEL = 4;

/** A kept-alive socket the server closed just before it was reused: worth one more try. */
const STALE_SOCKET = /UND_ERR_SOCKET|ECONNRESET|EPIPE/;

const sha256 = (body: Buffer) => createHash('sha256').update(body).digest('hex');
const hostOf = (url: string) => new URL(url).hostname.toLowerCase();
const typeOfFormat = (format: string): SourceType => (format === 'rdf' || format === 'rss' ? 'rss' : (format as SourceType));

/** The message a run records for a failure; unexpected errors are logged and summarised. */
function failure(e: unknown): { message: string; httpStatus: number | null; retryAfter?: number; expected: boolean } {
  if (e instanceof FetchError) return { message: e.message, httpStatus: e.httpStatus ?? null, retryAfter: e.retryAfter, expected: true };
  if (e instanceof CollectParseError) return { message: e.message, httpStatus: null, expected: true };
  return { message: `内部错误：${e instanceof Error ? e.message : String(e)}`, httpStatus: null, expected: false };
}

/** Runs `work` over `items`, `parallel` at a time, in order of the answers. */
async function mapLimit<T, R>(items: T[], parallel: number, work: (item: T) => Promise<R>): Promise<R[]> {
  const out: R[] = new Array(items.length);
  let next = 0;
  const lane = async () => {
    while (next < items.length) {
      const i = next++;
      out[i] = await work(items[i]);
    }
  };
  await Promise.all(Array.from({ length: Math.min(parallel, items.length) }, lane));
  return out;
}

/**
 * The collector: fetch → decode → parse → items → NewsIngest (docs/collect-design.md §3–§5): the
 * preview of an address, feed discovery for `auto`, and one run of a source whose lease the caller
 * holds — conditional GET, body hash, items built and stored in one NewsIngest batch, the schedule
 * state written back (§5.2), a `collect_run` row, the alert rules, the failing/recovered notices.
 */
@Injectable()
export class CollectorService implements OnModuleDestroy {
  private readonly log = new Logger('Collector');
  private readonly fetcher: SafeFetcher;
  private readonly limits: IntervalLimits;
  private ingesting = 0;
  private readonly ingestWaiting: Array<() => void> = [];

  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly runs: RunsRepository,
    private readonly ingest: NewsIngest,
    private readonly alerts: AlertsService,
    private readonly notices: NoticeService,
    @InjectDataSource() private readonly db: DataSource,
    private readonly metrics: Metrics,
  ) {
    const c = config.collect;
    this.fetcher = new SafeFetcher({ allowPrivate: c.allowPrivate, maxBytes: c.maxBytes, timeoutMs: c.timeoutSeconds * 1000, userAgent: c.userAgent });
    this.limits = { minMinutes: c.minIntervalMinutes, maxMinutes: c.maxIntervalMinutes, timeScale: c.timeScale };
  }

  async onModuleDestroy(): Promise<void> {
    await this.fetcher.close().catch(() => undefined);
  }

  /** Fetches the address and shows what would be stored (nothing is written). */
  async preview(req: PreviewRequest): Promise<PreviewResult> {
    const type = req.type ?? 'auto';
    const maxItems = this.config.collect.maxItems;
    const fetchTime = new Date();
    try {
      let feedUrl = req.url;
      let resultType: SourceType = type;
      let read: ReadResult;
      let discovered: PreviewResult['discovered'] = [];
      const warnings: string[] = [];
      if (type === 'auto') {
        const found = await findFeed(this.fetcher, req.url, { maxItems });
        feedUrl = found.feedUrl;
        resultType = found.type;
        read = found.read;
        discovered = found.discovered.map((d) => ({ url: d.url, type: d.type, title: d.title ?? null }));
        warnings.push(...found.warnings);
      } else {
        const res = await this.fetch(req.url);
        feedUrl = res.url;
        read = readDocument({ body: res.body, contentType: res.headers['content-type'], url: res.url, type, selectors: req.selectors ?? null, maxItems });
      }
      const items = read.items.slice(0, PREVIEW_ITEMS);
      const articles = req.fullText ? await this.articles(items, null, warnings) : undefined;
      const context: SourceContext = {};
      const out: PreviewResult['items'] = [];
      items.forEach((item, i) => {
        const built = buildItem({ item, article: articles?.[i], source: context, fetchTime });
        if (!built) return;
        out.push({ url: built.url, title: built.title, publishTime: built.publishTime, language: built.language, contentHtml: built.contentHtml ?? '', keywords: built.keywords });
      });
      if (!read.items.length) warnings.push('未读取到任何条目');
      return { type: resultType, feedUrl, title: read.title, discovered, items: out, warnings };
    } catch (e) {
      if (e instanceof FetchError) throw new DomainException(HttpStatus.BAD_GATEWAY, `无法获取该地址：${e.message}`, COLLECT_FETCH_FAILED);
      if (e instanceof CollectParseError) throw DomainException.badRequest(e.message, e.code);
      throw e;
    }
  }

  /** The feed address of a site (§3.3 `auto`), null when none is found or the site cannot be fetched. */
  async discover(url: string): Promise<{ feedUrl: string; type: SourceType } | null> {
    try {
      const found = await findFeed(this.fetcher, url, { maxItems: 1 });
      return { feedUrl: found.feedUrl, type: found.type };
    } catch (e) {
      if (e instanceof FetchError || e instanceof CollectParseError) return null;
      throw e;
    }
  }

  /**
   * Runs a source whose lease the caller holds; records the run and the source's next check. With
   * `owner`, the lease of that owner ends with the same write (the scheduler's runs).
   */
  async run(sourceId: number, trigger: RunTrigger, owner?: string): Promise<RunSummary> {
    const startedAt = new Date();
    const t0 = performance.now();
    const src = await this.runs.source(sourceId);
    if (!src) return { status: 'error', httpStatus: null, fetched: 0, created: 0, updated: 0, duplicates: 0, durationMs: 0, error: '数据源不存在' };
    let status: RunStatus = 'ok';
    let httpStatus: number | null;
    let bytes = 0;
    let fetched = 0;
    let stored: IngestResult = { created: 0, updated: 0, duplicates: 0, createdIds: [] };
    let error: string | null = null;
    let retryAfter: number | undefined;
    let conditional: Pick<RunOutcome, 'etag' | 'lastModified' | 'bodyHash'> = {};
    let moveTo: RunOutcome['moveTo'];
    // a long run keeps its lease: renewed every third of it (a live lease is never claimed again)
    const leaseSeconds = this.config.collect.timeoutSeconds * 4;
    const renewal = owner ? setInterval(() => void this.runs.renew(src.id, owner, leaseSeconds).catch(() => undefined), (leaseSeconds * 1000) / 3) : undefined;
    renewal?.unref();
    try {
      let res = await this.fetch(src.feedUrl, { etag: src.etag, lastModified: src.lastModified });
      httpStatus = res.status;
      bytes = res.bytes;
      // Miniflux rule: every hop permanent → the feed has moved (conditional-GET state of the new address kept)
      if (res.permanentRedirect) moveTo = { feedUrl: res.permanentRedirect, type: src.type, host: hostOf(res.permanentRedirect) };
      if (res.status === 304) {
        status = 'not-modified';
      } else {
        let hash = sha256(res.body);
        conditional = { etag: res.headers.etag?.slice(0, 500) ?? null, lastModified: res.headers['last-modified']?.slice(0, 100) ?? null, bodyHash: hash };
        if (hash === src.bodyHash && !moveTo) {
          status = 'not-modified';
        } else {
          let read = this.read(res, src);
          if (src.type === 'auto') {
            if (!read.feed) {
              // the address is a page: discover its feed and keep it as the source's feed from now on
              const found = await findFeed(this.fetcher, res.url, { language: src.language, timezone: src.timezone, maxItems: this.config.collect.maxItems });
              res = found.fetched;
              read = found.read;
              hash = sha256(res.body);
              bytes += res.bytes;
              httpStatus = res.status;
              conditional = { etag: res.headers.etag?.slice(0, 500) ?? null, lastModified: res.headers['last-modified']?.slice(0, 100) ?? null, bodyHash: hash };
              moveTo = { feedUrl: found.feedUrl, type: found.type, host: hostOf(found.feedUrl) };
            } else {
              const feedUrl = moveTo?.feedUrl ?? src.feedUrl;
              moveTo = { feedUrl, type: typeOfFormat(read.feed.format), host: hostOf(feedUrl) };
            }
          }
          fetched = read.items.length;
          const items = await this.build(read.items, src, startedAt);
          if (items.length) stored = await this.store(src.id, items);
        }
      }
    } catch (e) {
      const f = failure(e);
      if (!f.expected) this.log.warn(`run of source ${src.id} failed: ${f.message}`);
      status = 'error';
      error = f.message.slice(0, ERROR_MAX_CHARS);
      httpStatus = f.httpStatus;
      retryAfter = f.retryAfter;
      conditional = {};
    } finally {
      if (renewal) clearInterval(renewal);
    }
    const durationMs = Math.round(performance.now() - t0);
    const summary: RunSummary = { status, httpStatus, fetched, created: stored.created, updated: stored.updated, duplicates: stored.duplicates, durationMs, ...(error ? { error } : {}) };
    this.metrics.recordCollectRun(status, durationMs);
    const outcome = await this.outcome(src, summary, retryAfter, conditional, moveTo);
    const written = await this.runs.finish(
      outcome,
      { sourceId: src.id, trigger, startedAt, durationMs, status, httpStatus, fetched, created: stored.created, updated: stored.updated, duplicates: stored.duplicates, bytes, error },
      owner,
    );
    if (!written) return summary;
    this.notify(src, outcome, error);
    if (stored.createdIds.length) {
      // alert rules must never fail a run
      await this.alerts.matchNew(this.db.manager, src.id, stored.createdIds).catch((e: unknown) => this.log.warn(`alert matching for source ${src.id}: ${(e as Error).message}`));
    }
    return summary;
  }

  /** NewsIngest, at most {@link INGEST_PARALLEL} batches at once in this process. */
  private async store(webId: number, items: IngestItem[]): Promise<IngestResult> {
    while (this.ingesting >= INGEST_PARALLEL) await new Promise<void>((resolve) => this.ingestWaiting.push(resolve));
    this.ingesting += 1;
    try {
      return await this.ingest.ingest(webId, items, 'collect');
    } finally {
      this.ingesting -= 1;
      this.ingestWaiting.shift()?.();
    }
  }

  /** A guarded fetch, tried once more when a reused keep-alive socket turned out closed. */
  private async fetch(url: string, req: FetchRequest = {}): Promise<FetchResult> {
    try {
      return await this.fetcher.fetch(url, req);
    } catch (e) {
      if (!(e instanceof FetchError) || e.code !== 'NETWORK' || !STALE_SOCKET.test(e.message)) throw e;
      return this.fetcher.fetch(url, req);
    }
  }

  private read(res: FetchResult, src: RunSource): ReadResult {
    return readDocument({
      body: res.body,
      contentType: res.headers['content-type'],
      url: res.url,
      type: src.type,
      selectors: src.selectors,
      language: src.language,
      timezone: src.timezone,
      maxItems: this.config.collect.maxItems,
    });
  }

  /** Feed items → `IngestItem`s (full text first when the source asks), one per canonical URL. */
  private async build(feedItems: FeedItem[], src: RunSource, fetchTime: Date): Promise<IngestItem[]> {
    const articles = src.fullText ? await this.articles(feedItems, src) : undefined;
    const context: SourceContext = { language: src.language, country: src.country, classify: src.classify, rules: compileRules(src.rules) };
    const seen = new Set<string>();
    const items: IngestItem[] = [];
    // sanitising, language and keywords cost ~1 ms an item: yield between slices (mapCooperative)
    for (const built of await mapCooperative(feedItems, (item, i) => buildItem({ item, article: articles?.[i], source: context, fetchTime }))) {
      if (!built || seen.has(built.url)) continue;
      seen.add(built.url);
      items.push(built);
    }
    return items;
  }

  /**
   * Full text of the items' pages (§3.4): only items newer than a day before the source's last new
   * item (earlier ones were read before), at most {@link FULL_TEXT_MAX_PAGES}, two at a time; a page
   * that fails keeps the feed's text (a preview warning).
   */
  private async articles(items: FeedItem[], src: RunSource | null, warnings?: string[]): Promise<Array<Article | undefined>> {
    const since = src?.lastItemAt ? src.lastItemAt.getTime() - FULL_TEXT_LOOKBACK_MS : undefined;
    const wanted = items.map((item, i) => ({ item, i })).filter(({ item }) => since === undefined || !item.publishTime || item.publishTime.getTime() > since);
    const picked = wanted.slice(0, FULL_TEXT_MAX_PAGES);
    const out: Array<Article | undefined> = new Array(items.length);
    await mapLimit(picked, FULL_TEXT_PARALLEL, async ({ item, i }) => {
      try {
        const page = await this.fetch(item.url, { headers: { accept: 'text/html, application/xhtml+xml;q=0.9, */*;q=0.5' } });
        const { text } = decodeBody(page.body, page.headers['content-type'], src?.language);
        out[i] = extractArticle(text, page.url, { timezone: src?.timezone });
        if (!out[i]?.contentHtml) warnings?.push(`${item.url}：未能提取正文，使用订阅源内容`);
      } catch (e) {
        if (!(e instanceof FetchError)) throw e;
        warnings?.push(`${item.url}：${e.message}（使用订阅源内容）`);
      }
    });
    return out;
  }

  /** The source's state after the run (§5.2): error count, effective interval, next check, failing notice time. */
  private async outcome(
    src: RunSource,
    s: RunSummary,
    retryAfter: number | undefined,
    conditional: Pick<RunOutcome, 'etag' | 'lastModified' | 'bodyHash'>,
    moveTo: RunOutcome['moveTo'],
  ): Promise<RunOutcome> {
    const now = Date.now();
    if (s.status === 'error') {
      const errorCount = src.errorCount + 1;
      const notify = errorCount >= this.config.collect.alertAfterErrors && !src.failingNotifiedAt;
      return {
        status: 'error',
        httpStatus: s.httpStatus,
        errorCount,
        lastError: s.error ?? null,
        created: 0,
        effectiveIntervalMinutes: src.effectiveIntervalMinutes,
        nextCheckAt: new Date(now + delayAfterError(src.intervalMinutes, errorCount, this.limits, retryAfter)),
        failingNotifiedAt: notify ? new Date(now) : src.failingNotifiedAt,
        moveTo,
      };
    }
    const created7d = src.adaptive ? (await this.runs.createdSince(src.id, 7)) + s.created : 0;
    const effective = effectiveInterval(src.intervalMinutes, src.adaptive, created7d, this.limits);
    return {
      status: s.status,
      httpStatus: s.httpStatus,
      errorCount: 0,
      lastError: null,
      ...conditional,
      created: s.created,
      effectiveIntervalMinutes: effective,
      nextCheckAt: new Date(now + delayAfterSuccess(effective, this.limits)),
      failingNotifiedAt: null,
      moveTo,
    };
  }

  /** Failing after N errors (once until it recovers), and recovered (docs/collect-design.md §5.2). */
  private notify(src: RunSource, outcome: RunOutcome, error: string | null): void {
    if (outcome.status === 'error' && outcome.failingNotifiedAt && !src.failingNotifiedAt) {
      this.notices.toPermission('website:edit', {
        msgType: 'WARN',
        title: '数据源采集失败',
        msg: html`数据源「${src.name}」已连续 ${outcome.errorCount} 次采集失败：${clip(error, 300)}`,
        type: 'collect.failing',
      });
    } else if (outcome.status !== 'error' && src.failingNotifiedAt) {
      this.notices.toPermission('website:edit', {
        msgType: 'INFO',
        title: '数据源已恢复',
        msg: html`数据源「${src.name}」已恢复正常采集`,
        type: 'collect.recovered',
      });
    }
  }
}
