import { Injectable } from '@nestjs/common';
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';
import { RequestDurationHistogram } from './request-histogram.js';

/** A job queue's state, read on scrape (docs/operations.md "Metrics"). */
export interface QueueCounts {
  /** Jobs waiting to run (BullMQ: the whole queue; in process: this process). */
  waiting: number;
  /** Jobs running (BullMQ: on any worker; in process: here). */
  active: number;
  /** Jobs scheduled for later (a retry after a backoff). */
  delayed: number;
  /** Jobs this process gave up on (failed for the last time) since it started: monotonic. */
  failed: number;
}

/** One connection pool of the database driver. */
export interface PoolStats {
  /** `primary` or `replica-<n>`. */
  pool: string;
  total: number;
  idle: number;
  waiting: number;
}

/** How a collection run ended (`collect_run.status`). */
export type CollectRunOutcome = 'ok' | 'not-modified' | 'error';

/**
 * The Prometheus registry of one app (docs/operations.md lists every metric). Modules feed it in two
 * ways: events that are rare (a collection run, a job that failed) are counted when they happen;
 * states (queue depth, pool, live connections) are read from their owners only when Prometheus
 * scrapes, so no request and no job pays for them. The request histogram is timed by the middleware
 * of `request-histogram.ts`, installed first in `configureApp`.
 */
@Injectable()
export class Metrics {
  readonly registry = new Registry();
  readonly requests = new RequestDurationHistogram();
  private readonly queues = new Map<string, () => Promise<QueueCounts>>();
  private pools: () => PoolStats[] = () => [];
  private liveConnections: () => number = () => 0;
  private readonly collectRuns: Counter<'outcome'>;
  private readonly collectRunSeconds: Histogram<'outcome'>;

  constructor() {
    collectDefaultMetrics({ register: this.registry });
    this.registry.registerMetric(this.requests as unknown as Gauge);
    const registers = [this.registry];
    const queues = this.queues;
    const queueCounts = async () => {
      const entries = [...queues.entries()];
      const counts = await Promise.all(entries.map(([, read]) => read().catch(() => undefined)));
      return entries.map(([name], i) => [name, counts[i]] as const);
    };
    new Gauge({
      name: 'horizon_queue_jobs',
      help: 'Jobs in a queue by state (waiting, active, delayed), read on scrape',
      labelNames: ['queue', 'state'],
      registers,
      async collect() {
        this.reset();
        for (const [queue, c] of await queueCounts()) {
          if (!c) continue;
          this.set({ queue, state: 'waiting' }, c.waiting);
          this.set({ queue, state: 'active' }, c.active);
          this.set({ queue, state: 'delayed' }, c.delayed);
        }
      },
    });
    new Counter({
      name: 'horizon_queue_failed_jobs_total',
      help: 'Jobs this process gave up on (failed for the last time), by queue',
      labelNames: ['queue'],
      registers,
      async collect() {
        this.reset();
        for (const [queue, c] of await queueCounts()) if (c) this.inc({ queue }, c.failed);
      },
    });
    const pools = () => this.pools();
    new Gauge({
      name: 'horizon_db_pool_connections',
      help: 'Database connection pool: total and idle clients, and queries waiting for a client',
      labelNames: ['pool', 'state'],
      registers,
      collect() {
        this.reset();
        for (const p of pools()) {
          this.set({ pool: p.pool, state: 'total' }, p.total);
          this.set({ pool: p.pool, state: 'idle' }, p.idle);
          this.set({ pool: p.pool, state: 'waiting' }, p.waiting);
        }
      },
    });
    const live = () => this.liveConnections();
    new Gauge({
      name: 'horizon_live_connections',
      help: 'Live channel (socket.io) connections on this process',
      registers,
      collect() {
        this.set(live());
      },
    });
    this.collectRuns = new Counter({ name: 'horizon_collect_runs_total', help: 'Collection runs of sources by outcome (ok, not-modified, error)', labelNames: ['outcome'], registers });
    this.collectRunSeconds = new Histogram({
      name: 'horizon_collect_run_duration_seconds',
      help: 'Duration of collection runs by outcome',
      labelNames: ['outcome'],
      buckets: [0.1, 0.5, 1, 2.5, 5, 10, 30, 60, 120],
      registers,
    });
    for (const outcome of ['ok', 'not-modified', 'error']) this.collectRuns.inc({ outcome }, 0);
  }

  /** The metrics in the Prometheus text format. */
  render(): Promise<string> {
    return this.registry.metrics();
  }

  get contentType(): string {
    return this.registry.contentType;
  }

  /** A queue whose counts are read on scrape (`horizon_queue_jobs`, `horizon_queue_failed_jobs_total`); replaces one of the same name. */
  addQueue(name: string, counts: () => Promise<QueueCounts>): void {
    this.queues.set(name, counts);
  }

  /** The database pools, read on scrape (`horizon_db_pool_connections`). */
  setPools(read: () => PoolStats[]): void {
    this.pools = read;
  }

  /** This process's live channel connections, read on scrape (`horizon_live_connections`). */
  setLiveConnections(read: () => number): void {
    this.liveConnections = read;
  }

  /** A collection run ended. */
  recordCollectRun(outcome: CollectRunOutcome, durationMs: number): void {
    this.collectRuns.inc({ outcome });
    this.collectRunSeconds.observe({ outcome }, durationMs / 1000);
  }
}
