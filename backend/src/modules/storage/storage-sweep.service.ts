import { Inject, Injectable, Logger, type OnApplicationBootstrap, type OnModuleDestroy } from '@nestjs/common';
import { STORAGE, type StoragePort } from '../../common/storage/storage.port.js';
import { APP_CONFIG, type AppConfig } from '../../config/config.js';
import { FilesService } from './files.service.js';
import { StorageRepository } from './storage.repository.js';

const HOUR_MS = 60 * 60 * 1000;
/** The sweep runs this often … */
export const SWEEP_INTERVAL_MS = HOUR_MS;
/** … the first time this long after the start (not in the middle of booting). */
export const SWEEP_FIRST_RUN_MS = 60 * 1000;
/** Records and leftovers handled per kind and run (the next run takes the rest). */
export const SWEEP_BATCH = 1000;
/** Advisory lock key: one replica sweeps at a time (prepare.ts uses 724_113_001). */
const SWEEP_LOCK_KEY = 724_113_002;

export interface SweepResult {
  /** Pending file records removed (with their bytes). */
  records: number;
  /** Unfinished writes removed from the store (`.part` files, incomplete S3 uploads). */
  incomplete: number;
}

/**
 * Removes what interrupted uploads leave behind (issue 12: a process killed with -9 in the middle of
 * an upload): file records still pending for their journal or manuscript, and unfinished writes in
 * the store, once older than `STORAGE_SWEEP_HOURS` (default 24). Runs hourly in every process that
 * serves the app; a PostgreSQL advisory lock lets only one replica sweep at a time. Free uploads
 * (`api/localStorage`), templates and reports are never touched.
 */
@Injectable()
export class StorageSweepService implements OnApplicationBootstrap, OnModuleDestroy {
  private readonly log = new Logger('StorageSweep');
  private timers: NodeJS.Timeout[] = [];
  private running?: Promise<SweepResult | null>;

  constructor(
    private readonly repository: StorageRepository,
    @Inject(STORAGE) private readonly storage: StoragePort,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly files: FilesService,
  ) {}

  onApplicationBootstrap(): void {
    if (this.config.storage.sweepHours <= 0) return;
    const run = () => void this.sweep().catch((e: unknown) => this.log.warn(`sweep failed: ${(e as Error).message}`));
    this.timers = [setTimeout(run, SWEEP_FIRST_RUN_MS), setInterval(run, SWEEP_INTERVAL_MS)];
    for (const t of this.timers) t.unref();
  }

  async onModuleDestroy(): Promise<void> {
    for (const t of this.timers) clearTimeout(t);
    this.timers = [];
    await this.running?.catch(() => undefined);
  }

  /**
   * One sweep of everything older than `olderThanMs` (default `STORAGE_SWEEP_HOURS`). Answers what
   * was removed, or null when another replica (or run) holds the sweep lock.
   */
  sweep(olderThanMs = this.config.storage.sweepHours * HOUR_MS): Promise<SweepResult | null> {
    this.running ??= this.locked(olderThanMs).finally(() => (this.running = undefined));
    return this.running;
  }

  private locked(olderThanMs: number): Promise<SweepResult | null> {
    return this.repository.withAdvisoryLock(SWEEP_LOCK_KEY, () => this.run(new Date(Date.now() - olderThanMs)));
  }

  private async run(before: Date): Promise<SweepResult> {
    const records = await this.files.sweepPending(before, SWEEP_BATCH);
    let incomplete = 0;
    for (const write of await this.storage.listIncomplete(before, SWEEP_BATCH)) {
      try {
        await this.storage.removeIncomplete(write);
        incomplete++;
      } catch (e) {
        this.log.warn(`could not remove the unfinished write ${write.ref}: ${(e as Error).message}`);
      }
    }
    if (incomplete) this.log.log(`removed ${incomplete} unfinished write(s) older than ${before.toISOString()}`);
    return { records, incomplete };
  }
}
