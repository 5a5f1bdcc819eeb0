import { HttpStatus, Inject, Injectable, Logger, type OnApplicationBootstrap, type OnModuleDestroy } from '@nestjs/common';
import { DomainException } from '../../common/errors/domain.exception.js';
import { page, type Page } from '../../common/http/list-query.js';
import { Metrics } from '../../common/ops/metrics.js';
import { ShutdownState } from '../../common/ops/shutdown-state.js';
import { APP_CONFIG, type AppConfig } from '../../config/config.js';
import { NewsDesk } from '../news/index.js';
import { detectLanguage } from './engine/detect-language.js';
import { createTranslationEngine } from './engine/engine.factory.js';
import { translateDocument } from './engine/html-chunks.js';
import { withConcurrency } from './engine/limit.js';
import { primaryLanguage } from './engine/language-codes.js';
import { MtEngineError, type TranslationEngine } from './engine/translation-engine.js';
import { GlossaryService } from './glossary.service.js';
import { BullMtQueue, InProcessMtQueue, MT_QUEUE_NAME, type MtQueue } from './mt-queue.js';
import { TranslationRepository } from './translation.repository.js';

/** The source columns of an item being translated (what `mtStart` answers). */
type MtSource = NonNullable<Awaited<ReturnType<NewsDesk['mtStart']>>>;

/** How often the pending items are looked up and queued (new items, retries, items left by a restart). */
const SWEEP_MS = 5_000;
/** Items queued per sweep. */
const SWEEP_BATCH = 200;
/** First retry delay of a failed background job (doubled per try). */
const BACKOFF_MS = 5_000;

export interface MtResultDto {
  id: number;
  titleCn: string | null;
  contentCn: string | null;
  language: string | null;
  mtStatus: string | null;
  mtError: string | null;
  mtTime: Date | null;
}

export interface MtStatusDto {
  engine: string;
  configured: boolean;
  auto: boolean;
  queue: 'in-process' | 'bullmq' | null;
  /** Jobs in the queue now. */
  queued: number;
  pending: number;
  running: number;
  failed: number;
}

export interface MtFailureDto {
  id: number;
  title: string;
  language: string | null;
  mtError: string | null;
  mtTime: Date | null;
}

/**
 * Machine translation of news items (issue 5): `doTranslate` on demand, and new items in the
 * background queue (in process, or BullMQ with REDIS_URL) with retries, backoff and a per-engine
 * concurrency limit. The item's `mt_status` shows progress and failures; the glossary applies to
 * every engine's output; the source language is detected when the item has none. The `news` columns
 * (mt_*, title_cn, content_cn) are read and written through the news module's NewsDesk.
 */
@Injectable()
export class MachineTranslationService implements OnApplicationBootstrap, OnModuleDestroy {
  private readonly log = new Logger('MachineTranslation');
  private readonly engine: TranslationEngine;
  private queue?: MtQueue;
  private sweeper?: NodeJS.Timeout;

  constructor(
    private readonly desk: NewsDesk,
    private readonly translations: TranslationRepository,
    private readonly glossary: GlossaryService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly metrics: Metrics,
    private readonly shutdown: ShutdownState,
  ) {
    this.engine = withConcurrency(createTranslationEngine(config.mt), config.mt.concurrency);
  }

  get configured(): boolean {
    return this.engine.configured;
  }

  async onApplicationBootstrap(): Promise<void> {
    if (!this.configured || !this.config.mt.auto) return;
    const opts = {
      concurrency: this.config.mt.concurrency,
      attempts: this.config.mt.attempts,
      backoffMs: BACKOFF_MS,
    };
    const handler = (id: string, attempt: number) => this.runJob(id, attempt);
    if (this.config.redisUrl) {
      // One queue per database: deployments (or test databases) sharing a Redis never take each other's jobs.
      const db = await this.translations.currentDatabase();
      this.queue = new BullMtQueue(this.config.redisUrl, handler, opts, `horizon:${db}`, this.config.queueConsume);
    } else {
      this.queue = new InProcessMtQueue(handler, opts);
    }
    const queue = this.queue;
    this.metrics.addQueue(MT_QUEUE_NAME, () => queue.counts());
    // SIGTERM: no sweep, no new job; the running translations finish (bounded)
    this.shutdown.onDrain(MT_QUEUE_NAME, (deadline) => {
      clearInterval(this.sweeper);
      return queue.drain(deadline);
    });
    // The consumers look for pending items; a process that only adds jobs (QUEUE_CONSUME=false) does not.
    if (this.queue.kind === 'bullmq' && !this.config.queueConsume) return;
    this.sweeper = setInterval(() => void this.sweep(), SWEEP_MS);
    this.sweeper.unref();
    void this.sweep();
  }

  async onModuleDestroy(): Promise<void> {
    if (this.sweeper) clearInterval(this.sweeper);
    await this.queue?.close();
  }

  /** Queues the pending items (and those a stopped process left running). */
  async sweep(): Promise<number> {
    if (!this.queue) return 0;
    try {
      const rows = await this.desk.mtPending(SWEEP_BATCH);
      for (const r of rows) await this.queue.add(String(r.id));
      return rows.length;
    } catch (error) {
      this.log.warn(`sweep failed: ${(error as Error).message}`);
      return 0;
    }
  }

  /** A background job: translate, or record the failure (pending again while retries remain). */
  private async runJob(id: string, attempt: number): Promise<void> {
    try {
      // Only an item still waiting: a sweep may add a job again just after the item's job finished
      // (it read the item while the job ran); that job finds nothing and asks the engine nothing.
      const item = await this.desk.mtStart(id, true);
      if (item) await this.translateStarted(id, item);
    } catch (error) {
      const retryable = error instanceof MtEngineError ? error.retryable : true;
      const last = !retryable || attempt >= this.config.mt.attempts;
      await this.desk.mtSetStatus(id, last ? 'failed' : 'pending', (error as Error).message.slice(0, 2000));
      throw error;
    }
  }

  /**
   * Translates an item's title and body into the target language and stores them (`title_cn`,
   * `content_cn` as HTML when the item has HTML). Items already in the target language are
   * `skipped`. Throws the engine's error (the callers record it).
   */
  async translate(id: string | number): Promise<MtResultDto> {
    const item = await this.desk.mtStart(id);
    if (!item) throw DomainException.notFound('新闻不存在或已被删除');
    return this.translateStarted(id, item);
  }

  /** {@link translate} of an item already marked running (`item`: its source columns). */
  private async translateStarted(id: string | number, item: MtSource): Promise<MtResultDto> {
    const title = item.title as string;
    const html = (item.contentHtml as string | null) || null;
    const text = (item.content as string | null) || null;
    const from = (item.language as string | null) || detectLanguage(`${title}\n${text ?? html ?? ''}`) || null;
    const to = this.config.mt.targetLang;
    if (from && primaryLanguage(from) === primaryLanguage(to)) {
      return this.store(id, `mt_status = 'skipped', mt_error = NULL, language = $2`, [from]);
    }
    if (!from) throw new MtEngineError('无法识别原文语言', { retryable: false });
    const out = await translateDocument(this.engine, { title, html, text }, from, to, {
      chunkChars: this.config.mt.chunkChars,
      glossary: await this.glossary.terms(),
    });
    return this.store(id, `mt_status = 'done', mt_error = NULL, language = $2, title_cn = $3, content_cn = $4`, [from, out.title, out.html ?? out.text]);
  }

  private async store(id: string | number, set: string, params: unknown[]): Promise<MtResultDto> {
    const row = await this.desk.mtStore(id, set, params);
    if (!row) throw DomainException.notFound('新闻不存在或已被删除');
    return { ...(row as unknown as MtResultDto), id: Number(row.id) };
  }

  /** `doTranslate`: translate now (503 without an engine, 502 with the engine's message when it fails). */
  async doTranslate(id: number): Promise<MtResultDto> {
    if (!this.configured) throw new DomainException(HttpStatus.SERVICE_UNAVAILABLE, '机器翻译未配置，请联系管理员配置翻译引擎', 'MT_NOT_CONFIGURED');
    try {
      return await this.translate(id);
    } catch (error) {
      if (error instanceof DomainException) throw error;
      const message = (error as Error).message.slice(0, 2000);
      await this.desk.mtFailed(id, message);
      throw new DomainException(HttpStatus.BAD_GATEWAY, `机器翻译失败：${message}`, 'MT_ENGINE_FAILED');
    }
  }

  /** Marks items for background translation (new items; the sweep queues them). */
  async markPending(ids: Array<string | number>): Promise<void> {
    if (!ids.length || !this.configured || !this.config.mt.auto) return;
    await this.desk.mtMarkPending(ids);
    void this.sweep();
  }

  /** Failed items back to pending (all, or the given ids). */
  async retry(ids: number[] | undefined): Promise<{ queued: number }> {
    const queued = await this.desk.mtRetry(ids);
    void this.sweep();
    return { queued };
  }

  async status(): Promise<MtStatusDto> {
    const counts = await this.desk.mtCounts();
    const n = (s: string) => counts.find((c) => c.s === s)?.n ?? 0;
    return {
      engine: this.engine.name,
      configured: this.configured,
      auto: this.configured && this.config.mt.auto,
      queue: this.queue?.kind ?? null,
      queued: this.queue ? await this.queue.size() : 0,
      pending: n('pending'),
      running: n('running'),
      failed: n('failed'),
    };
  }

  async failures(pageNo: number, size: number): Promise<Page<MtFailureDto>> {
    const rows = await this.desk.mtFailures(size, pageNo * size);
    const total = rows.length ? Number(rows[0].total) : 0;
    return page(
      rows.map((r) => ({ id: Number(r.id), title: r.title as string, language: r.language as string | null, mtError: r.mtError as string | null, mtTime: r.mtTime as Date | null })),
      total,
    );
  }

  /** The queue, for tests and the benchmark (in-process queue: wait until drained). */
  get jobQueue(): MtQueue | undefined {
    return this.queue;
  }
}
