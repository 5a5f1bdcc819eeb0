import { Logger } from '@nestjs/common';
import { Queue, Worker } from 'bullmq';
import { settledBy } from '../../../common/ops/graceful-shutdown.js';
import type { QueueCounts } from '../../../common/ops/metrics.js';

/** A claimed source to run: its id and the owner of the lease the claim took. */
export interface CollectJob {
  sourceId: number;
  owner: string;
}

/** Runs one claimed source (the collector; it ends the lease). */
export type CollectJobHandler = (job: CollectJob) => Promise<void>;

/**
 * The collect job queue (docs/collect-design.md §5.1), after the pattern of
 * `translation/mt-queue.ts`: in process with bounded concurrency by default, BullMQ
 * `horizon-collect` when `REDIS_URL` is set. No retries: the schedule is the retry.
 */
export interface CollectQueue {
  readonly kind: 'in-process' | 'bullmq';
  /** How many more sources this process should claim now. */
  freeSlots(): Promise<number>;
  add(job: CollectJob, leaseStamp: number): Promise<void>;
  /** Resolves when nothing is waiting or running in this process (tests, benchmarks). */
  drained(): Promise<void>;
  /** The queue's state for the metrics, read on scrape (common/ops/metrics.ts). */
  counts(): Promise<QueueCounts>;
  /**
   * Graceful shutdown: takes no new job and lets the running ones finish until `deadline` (epoch ms),
   * then stops without them (their leases expire and the sources are claimed again).
   */
  drain(deadline: number): Promise<void>;
  close(): Promise<void>;
}

/** Jobs in memory of this process, `concurrency` at once. */
export class InProcessCollectQueue implements CollectQueue {
  readonly kind = 'in-process' as const;
  private readonly waiting: CollectJob[] = [];
  private running = 0;
  private closed = false;
  private readonly idle: Array<() => void> = [];
  private readonly log = new Logger('CollectQueue');
  private failed = 0;

  constructor(
    private readonly handler: CollectJobHandler,
    private readonly concurrency: number,
  ) {}

  counts(): Promise<QueueCounts> {
    return Promise.resolve({ waiting: this.waiting.length, active: this.running, delayed: 0, failed: this.failed });
  }

  async drain(deadline: number): Promise<void> {
    await this.close();
    if (this.running) await settledBy(this.drained(), deadline);
  }

  freeSlots(): Promise<number> {
    return Promise.resolve(this.closed ? 0 : Math.max(0, this.concurrency - this.running - this.waiting.length));
  }

  add(job: CollectJob): Promise<void> {
    if (this.closed) return Promise.resolve();
    this.waiting.push(job);
    this.pump();
    return Promise.resolve();
  }

  drained(): Promise<void> {
    if (!this.running && !this.waiting.length) return Promise.resolve();
    return new Promise((resolve) => this.idle.push(resolve));
  }

  private pump(): void {
    while (!this.closed && this.running < this.concurrency && this.waiting.length) {
      const job = this.waiting.shift()!;
      this.running += 1;
      this.handler(job)
        .catch((e: unknown) => {
          this.failed += 1;
          this.log.warn(`source ${job.sourceId}: ${(e as Error).message}`);
        })
        .finally(() => {
          this.running -= 1;
          this.pump();
          if (!this.running && !this.waiting.length) this.idle.splice(0).forEach((resolve) => resolve());
        });
    }
  }

  close(): Promise<void> {
    this.closed = true;
    this.waiting.length = 0;
    if (!this.running) this.idle.splice(0).forEach((resolve) => resolve());
    return Promise.resolve();
  }
}

export const COLLECT_QUEUE_NAME = 'horizon-collect';

/**
 * BullMQ queue + worker on Redis: job id `src-<id>-<leaseStamp>` (one job per claim), no retries,
 * worker concurrency per process; any consuming process may run a job another one claimed (the lease
 * owner travels with the job). A process claims only while fewer than `concurrency` jobs wait.
 */
export class BullCollectQueue implements CollectQueue {
  readonly kind = 'bullmq' as const;
  private readonly queue: Queue;
  private readonly worker?: Worker;
  private readonly log = new Logger('CollectQueue');
  private active = 0;
  private readonly idle: Array<() => void> = [];
  private failed = 0;

  constructor(
    redisUrl: string,
    handler: CollectJobHandler,
    private readonly concurrency: number,
    prefix = 'horizon',
    consume = true,
  ) {
    const connection = { url: redisUrl, maxRetriesPerRequest: null };
    this.queue = new Queue(COLLECT_QUEUE_NAME, { connection, prefix });
    if (!consume) return;
    this.worker = new Worker(
      COLLECT_QUEUE_NAME,
      async (job) => {
        this.active += 1;
        try {
          await handler({ sourceId: Number(job.data.sourceId), owner: String(job.data.owner) });
        } finally {
          this.active -= 1;
          if (!this.active) this.idle.splice(0).forEach((resolve) => resolve());
        }
      },
      { connection, prefix, concurrency },
    );
    this.worker.on('error', (error) => this.log.warn(`worker: ${error.message}`));
    this.worker.on('failed', () => (this.failed += 1));
  }

  async counts(): Promise<QueueCounts> {
    const c = await this.queue.getJobCounts('waiting', 'prioritized', 'active', 'delayed');
    return { waiting: (c.waiting ?? 0) + (c.prioritized ?? 0), active: c.active ?? 0, delayed: c.delayed ?? 0, failed: this.failed };
  }

  async drain(deadline: number): Promise<void> {
    const worker = this.worker;
    if (!worker || worker.closing) return;
    await worker.pause(true); // no new job; the running ones go on
    const finished = !this.active || (await settledBy(this.drained(), deadline));
    if (!finished) this.log.warn(`${this.active} collection job(s) still running at the shutdown deadline: their leases expire`);
    await worker.close(!finished);
  }

  async freeSlots(): Promise<number> {
    const counts = await this.queue.getJobCounts('waiting', 'prioritized');
    const waiting = Object.values(counts).reduce((a, b) => a + b, 0);
    return Math.max(0, this.concurrency - waiting);
  }

  async add(job: CollectJob, leaseStamp: number): Promise<void> {
    await this.queue.add('collect', job, { jobId: `src-${job.sourceId}-${leaseStamp}`, attempts: 1, removeOnComplete: true, removeOnFail: true });
  }

  drained(): Promise<void> {
    if (!this.active) return Promise.resolve();
    return new Promise((resolve) => this.idle.push(resolve));
  }

  async close(): Promise<void> {
    await this.worker?.close();
    await this.queue.close();
  }
}
