import { Inject, Injectable } from '@nestjs/common';
import { APP_CONFIG, type AppConfig } from '../../../config/config.js';
import type { CollectStatsDto, StatRange } from './stats.dto.js';
import { StatsRepository } from './stats.repository.js';

/** How long one range's figures are reused (docs/collect-design.md §7: cached 60 s per `days`). */
export const STATS_TTL_MS = 60_000;
/** A source is silent after this many days without a new item (as `health.silent`). */
const SILENT_DAYS = 7;

/**
 * The collection statistics screen's figures, cached per range in this process for a minute (the
 * queries scan up to 90 days of runs and news; the screen is opened far more often than it changes
 * meaningfully). Concurrent misses of one range share one computation.
 */
@Injectable()
export class StatsService {
  private readonly cache = new Map<number, { at: number; value: Promise<CollectStatsDto> }>();

  constructor(
    private readonly repo: StatsRepository,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  read(days: StatRange = 7, now = Date.now()): Promise<CollectStatsDto> {
    const hit = this.cache.get(days);
    if (hit && now - hit.at < STATS_TTL_MS) return hit.value;
    const value = this.compute(days);
    this.cache.set(days, { at: now, value });
    value.catch(() => {
      if (this.cache.get(days)?.value === value) this.cache.delete(days);
    });
    return value;
  }

  private async compute(days: number): Promise<CollectStatsDto> {
    const rows = await this.repo.read(days, this.config.timeZone, SILENT_DAYS);
    return { days, ...rows };
  }
}
