import { Inject, Injectable, Logger, type OnApplicationBootstrap, type OnModuleDestroy } from '@nestjs/common';
import { APP_CONFIG, type AppConfig } from '../../config/config.js';
import { NewsIngest } from '../news/index.js';
import { RunsRepository } from './runs.repository.js';
import { collectTimersOn } from './schedule/scheduler.service.js';

/** The advisory lock of the maintenance job: one process at a time across replicas (docs/collect-design.md §5.2). */
export const MAINTENANCE_LOCK = 724_113_016;
const EVERY_MS = 60_000;
const DAY_MS = 24 * 3600_000;

/** Optional maintenance steps of NewsIngest (docs/collect-design.md §4.3), called when it has them. */
interface IngestMaintenance {
  reclusterTranslated?: () => Promise<unknown>;
  pruneMinhash?: () => Promise<unknown>;
}

export interface MaintenanceReport {
  /** False when another process held the lock. */
  ran: boolean;
  reclustered: boolean;
  daily: boolean;
  prunedRuns: number;
}

/**
 * The collect maintenance job (docs/collect-design.md §4.3, §5.2): every minute, under the advisory
 * lock {@link MAINTENANCE_LOCK}, the story clusters of newly translated items (NewsIngest's
 * `reclusterTranslated`); once a day the run history beyond `COLLECT_RUN_RETENTION_DAYS` and the old
 * MinHash rows (`pruneMinhash`). Runs where the scheduler runs.
 */
@Injectable()
export class MaintenanceService implements OnApplicationBootstrap, OnModuleDestroy {
  private readonly log = new Logger('CollectMaintenance');
  private timer?: NodeJS.Timeout;
  private lastDaily = 0;
  private running = false;

  constructor(
    private readonly runs: RunsRepository,
    private readonly ingest: NewsIngest,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  onApplicationBootstrap(): void {
    if (!collectTimersOn(this.config)) return;
    this.timer = setInterval(() => void this.runOnce().catch((e: unknown) => this.log.warn(`maintenance failed: ${(e as Error).message}`)), EVERY_MS);
    this.timer.unref();
  }

  onModuleDestroy(): void {
    if (this.timer) clearInterval(this.timer);
  }

  /** One pass (public for the tests); `daily` forces the daily steps. */
  async runOnce(opts: { daily?: boolean } = {}): Promise<MaintenanceReport> {
    const report: MaintenanceReport = { ran: false, reclustered: false, daily: false, prunedRuns: 0 };
    if (this.running) return report;
    this.running = true;
    try {
      await this.runs.withAdvisoryLock(MAINTENANCE_LOCK, async () => {
        report.ran = true;
        const steps = this.ingest as unknown as IngestMaintenance;
        if (typeof steps.reclusterTranslated === 'function') {
          await steps.reclusterTranslated.call(this.ingest);
          report.reclustered = true;
        }
        if (opts.daily || Date.now() - this.lastDaily >= DAY_MS) {
          this.lastDaily = Date.now();
          report.daily = true;
          report.prunedRuns = await this.runs.pruneRuns(this.config.collect.runRetentionDays);
          if (typeof steps.pruneMinhash === 'function') await steps.pruneMinhash.call(this.ingest);
        }
      });
      return report;
    } finally {
      this.running = false;
    }
  }
}
