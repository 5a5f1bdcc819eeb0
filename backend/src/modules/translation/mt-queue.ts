import { Logger } from '@nestjs/common';
import { Queue, Worker } from 'bullmq';
import { settledBy } from '../../common/ops/graceful-shutdown.js';
import type { QueueCounts } from '../../common/ops/metrics.js';

/** What a job queue needs to know about the work: translate one item, throw to retry. */
export type MtJobHandler = (newsId: string, attempt: number) => Promise<void>;

export interface MtQueueOptions {
  /** Jobs running at once in this process. */
  concurrency: number;
  /** Tries per job (1 = no retry). */
  attempts: number;
  /** First retry delay; doubled for each further try. */
  backoffMs: number;
  /** Called when a job failed for the last time (the item's status is set by the handler). */
  onGiveUp?: (newsId: string, error: unknown) => void;
}

/**
 * The machine-translation job queue port: in process by default, BullMQ when `REDIS_URL` is set
 * (docs/architecture.md "Runtime"). Adding an id that is already waiting or running is a no-op.
 */
export interface MtQueue {
  readonly kind: 'in-process' | 'bullmq';
  add(newsId: string): Promise<void>;
  /** Jobs waiting or running (this process for the in-process queue, the whole queue for BullMQ). */
  size(): Promise<number>;
  /** The queue's state for the metrics, read on scrape (common/ops/metrics.ts). */
  counts(): Promise<QueueCounts>;
  /**
   * Graceful shutdown: takes no new job and lets the running ones finish until `deadline` (epoch ms);
   * then stops without them (BullMQ runs them again elsewhere once their lock expires; an in-process
   * item stays pending in the database and the next sweep queues it).
   */
  drain(deadline: number): Promise<void>;
  close(): Promise<void>;
}

/** The queue name in the metrics and in Redis. */
export const MT_QUEUE_NAME = 'horizon-mt';

/** Retries with exponential backoff: 0 before the first try, then backoffMs, 2·backoffMs, ... */
export function retryDelay(attempt: number, backoffMs: number): number {
  return attempt <= 1 ? 0 : backoffMs * 2 ** (attempt - 2);
}

/** Jobs in memory of this process, bounded concurrency, retries with exponential backoff. */
export class InProcessMtQueue implements MtQueue {
  readonly kind = 'in-process' as const;
  private readonly waiting: string[] = [];
  private readonly known = new Set<string>();
  private running = 0;
  private closed = false;
  private readonly timers = new Set<NodeJS.Timeout>();
  private readonly idle: Array<() => void> = [];
  /** Resolvers waiting for no job to run (drain). */
  private readonly stopped: Array<() => void> = [];
  private failed = 0;

  constructor(
    private readonly handler: MtJobHandler,
    private readonly opts: MtQueueOptions,
  ) {}

  add(newsId: string): Promise<void> {
    if (this.closed || this.known.has(newsId)) return Promise.resolve();
    this.known.add(newsId);
    this.waiting.push(newsId);
    this.pump();
    return Promise.resolve();
  }

  size(): Promise<number> {
    return Promise.resolve(this.known.size);
  }

  counts(): Promise<QueueCounts> {
    // `running` includes the jobs waiting for a retry timer until it fires
    return Promise.resolve({ waiting: this.waiting.length, active: this.running - this.timers.size, delayed: this.timers.size, failed: this.failed });
  }

  /** Resolves when nothing is waiting, running or scheduled for a retry (tests, benchmarks). */
  drained(): Promise<void> {
    if (!this.known.size) return Promise.resolve();
    return new Promise((resolve) => this.idle.push(resolve));
  }

  private pump(): void {
    while (!this.closed && this.running < this.opts.concurrency && this.waiting.length) {
      const id = this.waiting.shift()!;
      this.run(id, 1);
    }
  }

  private run(id: string, attempt: number): void {
    this.running += 1;
    this.handler(id, attempt)
      .then(() => this.finish(id))
      .catch((error: unknown) => {
        const retryable = (error as { retryable?: boolean }).retryable !== false;
        if (retryable && attempt < this.opts.attempts && !this.closed) {
          const timer = setTimeout(() => {
            this.timers.delete(timer);
            if (this.closed) return this.finish(id);
            this.running -= 1;
            this.retry(id, attempt + 1);
          }, retryDelay(attempt + 1, this.opts.backoffMs));
          timer.unref();
          this.timers.add(timer);
          return;
        }
        this.failed += 1;
        this.opts.onGiveUp?.(id, error);
        this.finish(id);
      });
  }

  private retry(id: string, attempt: number): void {
    if (this.running < this.opts.concurrency) this.run(id, attempt);
    else setTimeout(() => this.retry(id, attempt), 50).unref();
  }

  private finish(id: string): void {
    this.running -= 1;
    this.known.delete(id);
    this.pump();
    if (!this.known.size) this.idle.splice(0).forEach((resolve) => resolve());
    if (!this.running) this.stopped.splice(0).forEach((resolve) => resolve());
  }

  async drain(deadline: number): Promise<void> {
    this.stop();
    if (this.running) await settledBy(new Promise<void>((resolve) => this.stopped.push(resolve)), deadline);
  }

  close(): Promise<void> {
    this.stop();
    return Promise.resolve();
  }

  /** No job starts any more; waiting items and pending retries are dropped (they stay pending in the database). */
  private stop(): void {
    this.closed = true;
    this.running -= this.timers.size;
    this.timers.forEach((t) => clearTimeout(t));
    this.timers.clear();
    for (const id of this.waiting.splice(0)) this.known.delete(id);
  }
}

const QUEUE_NAME = MT_QUEUE_NAME;

/**
 * BullMQ queue + worker on Redis: job id = news id (a waiting or running item is not added twice),
 * attempts with exponential backoff, worker concurrency per process. Every process with REDIS_URL
 * consumes, so replicas share the work.
 */
export class BullMtQueue implements MtQueue {
  readonly kind = 'bullmq' as const;
  private readonly queue: Queue;
  /** Absent in a process that only adds jobs (QUEUE_CONSUME=false). */
  private readonly worker?: Worker;
  private readonly log = new Logger('MtQueue');
  /** Jobs running in this process's worker, and who waits for none to run (drain). */
  private active = 0;
  private readonly idle: Array<() => void> = [];
  private failed = 0;

  constructor(
    redisUrl: string,
    handler: MtJobHandler,
    private readonly opts: MtQueueOptions,
    prefix = 'horizon',
    consume = true,
  ) {
    const connection = { url: redisUrl, maxRetriesPerRequest: null };
    this.queue = new Queue(QUEUE_NAME, { connection, prefix });
    if (!consume) return;
    this.worker = new Worker(
      QUEUE_NAME,
      async (job) => {
        this.active += 1;
        try {
          await handler(String(job.data.newsId), job.attemptsMade + 1);
        } finally {
          this.active -= 1;
          if (!this.active) this.idle.splice(0).forEach((resolve) => resolve());
        }
      },
      { connection, prefix, concurrency: opts.concurrency },
    );
    this.worker.on('failed', (job, error) => {
      if (!job || job.attemptsMade < (job.opts.attempts ?? 1)) return;
      this.failed += 1;
      opts.onGiveUp?.(String(job.data.newsId), error);
    });
    this.worker.on('error', (error) => this.log.warn(`worker: ${error.message}`));
  }

  async add(newsId: string): Promise<void> {
    await this.queue.add(
      'translate',
      { newsId },
      {
        jobId: `news-${newsId}`,
        attempts: this.opts.attempts,
        backoff: { type: 'exponential', delay: this.opts.backoffMs },
        removeOnComplete: true,
        // Removed when given up, so a later retry (or doTranslate) can add the same id again.
        removeOnFail: true,
      },
    );
  }

  async size(): Promise<number> {
    const counts = await this.queue.getJobCounts('waiting', 'active', 'delayed', 'prioritized');
    return Object.values(counts).reduce((a, b) => a + b, 0);
  }

  async counts(): Promise<QueueCounts> {
    const c = await this.queue.getJobCounts('waiting', 'prioritized', 'active', 'delayed');
    return { waiting: (c.waiting ?? 0) + (c.prioritized ?? 0), active: c.active ?? 0, delayed: c.delayed ?? 0, failed: this.failed };
  }

  async drain(deadline: number): Promise<void> {
    const worker = this.worker;
    if (!worker || worker.closing) return;
    await worker.pause(true); // no new job; the running ones go on
    const finished = !this.active || (await settledBy(new Promise<void>((resolve) => this.idle.push(resolve)), deadline));
    if (!finished) this.log.warn(`${this.active} job(s) still running at the shutdown deadline: they run again once their lock expires`);
    await worker.close(!finished);
  }

  async close(): Promise<void> {
    await this.worker?.close();
    await this.queue.close();
  }
}
