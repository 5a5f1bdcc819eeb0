import { randomUUID } from 'node:crypto';
import { Inject, Injectable, Logger, type OnApplicationBootstrap, type OnModuleDestroy } from '@nestjs/common';
import { Metrics } from '../../../common/ops/metrics.js';
import { ShutdownState } from '../../../common/ops/shutdown-state.js';
import { APP_CONFIG, type AppConfig } from '../../../config/config.js';
import { CollectorService } from '../pipeline/collector.service.js';
import { RunsRepository } from '../runs.repository.js';
import { BullCollectQueue, COLLECT_QUEUE_NAME, type CollectJob, type CollectQueue, InProcessCollectQueue } from './collect-queue.js';

/**
 * Whether this process runs the timers of the collect module (scheduler, maintenance): when
 * `COLLECT_ENABLED` and it consumes queues (`QUEUE_CONSUME`). Under `NODE_ENV=test` only when
 * `COLLECT_TIME_SCALE` ≠ 1 (the process tests): the e2e suites call `tick()` themselves, and no
 * other suite's sources are fetched behind its back.
 */
export function collectTimersOn(config: AppConfig): boolean {
  if (!config.collect.enabled || !config.queueConsume) return false;
  return config.nodeEnv !== 'test' || config.collect.timeScale !== 1;
}

/**
 * The scheduler (docs/collect-design.md §5.1): every `COLLECT_TICK_SECONDS` it claims due sources
 * (`FOR UPDATE SKIP LOCKED`, at most `COLLECT_PER_HOST` per host over all processes, a lease of 4 ×
 * the request timeout) as many as this process has free slots, and queues them; a job runs the source
 * and ends the lease. A process that dies leaves leases that expire.
 */
@Injectable()
export class SchedulerService implements OnApplicationBootstrap, OnModuleDestroy {
  private readonly log = new Logger('CollectScheduler');
  /** The owner of the leases this process's scheduler takes. */
  readonly owner = `sch-${randomUUID().slice(0, 8)}`;
  private queue?: CollectQueue;
  private opening?: Promise<CollectQueue>;
  private timer?: NodeJS.Timeout;
  private ticking = false;
  private closed = false;

  constructor(
    private readonly collector: CollectorService,
    private readonly runs: RunsRepository,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly metrics: Metrics,
    private readonly shutdown: ShutdownState,
  ) {}

  onApplicationBootstrap(): void {
    if (!collectTimersOn(this.config)) return;
    this.timer = setInterval(() => void this.tick(), this.config.collect.tickSeconds * 1000);
    this.timer.unref();
    void this.tick();
  }

  async onModuleDestroy(): Promise<void> {
    this.closed = true;
    if (this.timer) clearInterval(this.timer);
    const queue = this.queue ?? (await this.opening?.catch(() => undefined));
    await queue?.close();
  }

  /** Claims the due sources this process can take now and queues them; their ids. Public for the tests. */
  async tick(): Promise<number[]> {
    if (this.ticking || this.closed) return [];
    this.ticking = true;
    try {
      const queue = await this.jobQueue();
      const free = await queue.freeSlots();
      if (!free) return [];
      const c = this.config.collect;
      const claimed = await this.runs.claimDue(this.owner, free, c.perHost, c.timeoutSeconds * 4);
      for (const { id, leaseUntil } of claimed) await queue.add({ sourceId: id, owner: this.owner }, new Date(leaseUntil).getTime());
      return claimed.map((r) => r.id);
    } catch (e) {
      this.log.warn(`tick failed: ${(e as Error).message}`);
      return [];
    } finally {
      this.ticking = false;
    }
  }

  /** Resolves when the runs this process queued are over (tests, benchmarks). */
  async drained(): Promise<void> {
    await (await this.jobQueue()).drained();
  }

  /** One claimed source: runs it while the lease is still its owner's (a late BullMQ job is dropped). */
  private async runJob(job: CollectJob): Promise<void> {
    if (!(await this.runs.holds(job.sourceId, job.owner))) return;
    try {
      await this.collector.run(job.sourceId, 'schedule', job.owner);
    } catch (e) {
      this.log.warn(`run of source ${job.sourceId} failed: ${(e as Error).message}`);
      await this.runs.release(job.sourceId, job.owner).catch(() => undefined);
    }
  }

  private jobQueue(): Promise<CollectQueue> {
    if (this.queue) return Promise.resolve(this.queue);
    this.opening ??= (async () => {
      const handler = (job: CollectJob) => this.runJob(job);
      const { redisUrl, queueConsume } = this.config;
      const concurrency = this.config.collect.concurrency;
      // one queue per database, as the MT queue: deployments or test databases sharing a Redis stay apart
      const queue: CollectQueue = redisUrl
        ? new BullCollectQueue(redisUrl, handler, concurrency, `horizon:${await this.runs.currentDatabase()}`, queueConsume)
        : new InProcessCollectQueue(handler, concurrency);
      this.queue = queue;
      this.metrics.addQueue(COLLECT_QUEUE_NAME, () => queue.counts());
      // SIGTERM: no new claim, no new job; the running collections finish (bounded)
      this.shutdown.onDrain(COLLECT_QUEUE_NAME, (deadline) => {
        this.closed = true;
        if (this.timer) clearInterval(this.timer);
        return queue.drain(deadline);
      });
      return queue;
    })();
    return this.opening;
  }
}
