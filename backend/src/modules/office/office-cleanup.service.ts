import { Inject, Injectable, Logger, type OnApplicationBootstrap, type OnModuleDestroy } from '@nestjs/common';
import { APP_CONFIG, type AppConfig } from '../../config/config.js';
import { FilesService } from '../storage/index.js';
import { OFFICE_IDLE_SESSION_MS, OFFICE_SESSION_RETENTION_MS } from './office.config.js';
import { OfficeRepository } from './office.repository.js';

const HOUR_MS = 60 * 60 * 1000;
/** The cleanup runs hourly, the first time this long after the start. */
const FIRST_RUN_MS = 2 * 60 * 1000;
/** `office_save` rows handled per batch (the run goes on until none is left). */
const BATCH = 1000;
/** Advisory lock key: one replica cleans at a time (prepare.ts uses 724_113_001, the storage sweep 724_113_002). */
const CLEANUP_LOCK_KEY = 724_113_003;

export interface OfficeCleanupResult {
  /** Sessions not seen for a day ended (their locks released). */
  idle: number;
  /** Ended sessions older than 30 days deleted. */
  sessions: number;
  /** `office_save` rows of versions whose file is gone, deleted (their ONLYOFFICE changes files discarded). */
  saves: number;
}

/**
 * The office module's hourly cleanup (docs/office-design.md §4.2), in the pattern of the storage
 * sweep: ends sessions nobody has seen for a day (a page that died without closing; their locks long
 * expired), deletes ended sessions after 30 days and the `office_save` rows whose version was deleted
 * (its file freed), discarding their ONLYOFFICE changes files. Not scheduled under NODE_ENV=test (the
 * tests call `run`); a PostgreSQL advisory lock lets one replica run it at a time.
 */
@Injectable()
export class OfficeCleanupService implements OnApplicationBootstrap, OnModuleDestroy {
  private readonly log = new Logger('OfficeCleanup');
  private timers: NodeJS.Timeout[] = [];
  private running?: Promise<OfficeCleanupResult | null>;

  constructor(
    private readonly repo: OfficeRepository,
    private readonly files: FilesService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  onApplicationBootstrap(): void {
    if (this.config.nodeEnv === 'test') return;
    const run = () => void this.run().catch((e: unknown) => this.log.warn(`office cleanup failed: ${(e as Error).message}`));
    this.timers = [setTimeout(run, FIRST_RUN_MS), setInterval(run, HOUR_MS)];
    for (const t of this.timers) t.unref();
  }

  async onModuleDestroy(): Promise<void> {
    for (const t of this.timers) clearTimeout(t);
    this.timers = [];
    await this.running?.catch(() => undefined);
  }

  /** One cleanup at `now`; null when another replica (or run) holds the lock. */
  run(now: Date = new Date()): Promise<OfficeCleanupResult | null> {
    this.running ??= this.repo.withAdvisoryLock(CLEANUP_LOCK_KEY, () => this.clean(now)).finally(() => (this.running = undefined));
    return this.running;
  }

  private async clean(now: Date): Promise<OfficeCleanupResult> {
    const idle = await this.repo.endIdle(new Date(now.getTime() - OFFICE_IDLE_SESSION_MS));
    const sessions = await this.repo.deleteEnded(new Date(now.getTime() - OFFICE_SESSION_RETENTION_MS));
    let saves = 0;
    for (;;) {
      const before = saves;
      const changes: number[] = [];
      const batch = await this.repo.deleteOrphanSaves(BATCH);
      saves += batch.count;
      changes.push(...batch.changesFileIds);
      if (changes.length) await this.files.discardUnused(changes);
      if (saves - before < BATCH) break;
    }
    if (idle || sessions || saves) this.log.log(`ended ${idle} idle session(s), deleted ${sessions} old session(s) and ${saves} orphan save record(s)`);
    return { idle, sessions, saves };
  }
}
