import { HttpStatus, Inject, Injectable, Logger, type OnModuleInit } from '@nestjs/common';
import { DomainException, ErrorCode } from '../../common/errors/domain.exception.js';
import { Metrics } from '../../common/ops/metrics.js';
import { ShutdownState } from '../../common/ops/shutdown-state.js';
import { STORAGE, type StoragePort } from '../../common/storage/storage.port.js';
import { type CheckState, HEALTH_MESSAGES, READINESS_CODES, READINESS_PARTS, type ReadinessChecks, type ReadinessPart } from './health.messages.js';
import { HealthRepository } from './health.repository.js';
import { RedisProbe } from './redis-probe.js';

/** Longest a readiness check waits for its part before it says DOWN. */
export const READY_TIMEOUT_MS = 2_000;

/**
 * Liveness and readiness (docs/operations.md "Health"). Liveness answers while the process serves
 * and touches nothing; readiness asks the database, Redis (when configured) and the file storage,
 * all at once, each bounded by {@link READY_TIMEOUT_MS}, and says 503 naming the first failing part —
 * or `SHUTTING_DOWN` while the replica drains after SIGTERM.
 */
@Injectable()
export class HealthService implements OnModuleInit {
  private readonly logger = new Logger('Readiness');
  /** The last state of each part: a change is logged once, not every probe. */
  private readonly last = new Map<ReadinessPart, CheckState>();

  constructor(
    private readonly db: HealthRepository,
    private readonly redis: RedisProbe,
    @Inject(STORAGE) private readonly storage: StoragePort,
    private readonly shutdown: ShutdownState,
    private readonly metrics: Metrics,
  ) {}

  onModuleInit(): void {
    this.metrics.setPools(() => this.db.pools());
  }

  liveness(): { status: 'UP' } {
    return { status: 'UP' };
  }

  async readiness(): Promise<{ status: 'UP'; checks: ReadinessChecks }> {
    if (this.shutdown.draining) throw new DomainException(HttpStatus.SERVICE_UNAVAILABLE, HEALTH_MESSAGES.shuttingDown, ErrorCode.ShuttingDown);
    const [database, redis, storage] = await Promise.all([
      this.check('database', () => this.db.ping()),
      this.redis.configured ? this.check('redis', () => this.redis.ping()) : ('NOT_CONFIGURED' as const),
      this.check('storage', (signal) => this.storage.ping(signal)),
    ]);
    const checks: ReadinessChecks = { database, redis, storage };
    const failing = READINESS_PARTS.find((part) => checks[part] === 'DOWN');
    if (failing) throw new DomainException(HttpStatus.SERVICE_UNAVAILABLE, HEALTH_MESSAGES[failing], READINESS_CODES[failing], { checks });
    return { status: 'UP', checks };
  }

  /** UP when `probe` resolves within the timeout, DOWN otherwise (the reason is logged when the state changes). */
  private async check(part: ReadinessPart, probe: (signal: AbortSignal) => Promise<void>): Promise<CheckState> {
    const abort = new AbortController();
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<never>((_, reject) => {
      timer = setTimeout(() => {
        abort.abort();
        reject(new Error(`no answer in ${READY_TIMEOUT_MS} ms`));
      }, READY_TIMEOUT_MS);
    });
    let state: CheckState = 'UP';
    let reason = '';
    try {
      await Promise.race([probe(abort.signal), timeout]);
    } catch (e) {
      state = 'DOWN';
      reason = e instanceof Error ? e.message : String(e);
    } finally {
      clearTimeout(timer);
    }
    if (this.last.get(part) !== state) {
      if (state === 'DOWN') this.logger.warn(`${part} is DOWN: ${reason}`);
      else if (this.last.has(part)) this.logger.log(`${part} is UP again`);
      this.last.set(part, state);
    }
    return state;
  }
}
