import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource } from 'typeorm';

export interface StatsRows {
  from: string;
  to: string;
  perDay: Array<{ day: string; webId: number; webName: string; count: number }>;
  byLanguage: Array<{ language: string | null; count: number }>;
  byCountry: Array<{ country: string | null; count: number }>;
  errorsPerDay: Array<{ day: string; count: number }>;
  slowest: Array<{ webId: number; name: string; avgMs: number; p95Ms: number; runs: number }>;
  silent: Array<{ webId: number; name: string; lastItemAt: Date | null }>;
  topKeywords: Array<{ keyword: string; count: number }>;
}

/**
 * The range start: midnight of the first day (today − days + 1) in the configured zone, as an
 * instant. `$1` = days, `$2` = zone.
 */
const START = `((date_trunc('day', now() AT TIME ZONE $2) - ($1::int - 1) * interval '1 day') AT TIME ZONE $2)`;
const DAY = (column: string) => `to_char((${column} AT TIME ZONE $2)::date, 'YYYY-MM-DD')`;

/**
 * The statistics SQL (docs/collect-design.md §7 "Statistics"): per-day counts and timings from
 * `collect_run` (index `(started_at)`), languages, countries and keywords from `news` by
 * `create_time`, silent sources from `collect_source`. Read-only; one round trip per figure, run in
 * parallel.
 */
@Injectable()
export class StatsRepository {
  constructor(@InjectDataSource() private readonly db: DataSource) {}

  async read(days: number, zone: string, silentDays: number): Promise<StatsRows> {
    const range = [days, zone];
    const [bounds, perDay, byLanguage, byCountry, errorsPerDay, slowest, silent, topKeywords] = await Promise.all([
      this.db.query(`SELECT to_char((${START} AT TIME ZONE $2)::date, 'YYYY-MM-DD') AS "from", to_char((now() AT TIME ZONE $2)::date, 'YYYY-MM-DD') AS "to"`, range),
      this.db.query(
        `SELECT ${DAY('r.started_at')} AS day, r.source_id AS "webId", coalesce(w.name, '#' || r.source_id) AS "webName", sum(r.created)::int AS count
           FROM collect_run r LEFT JOIN news_website w ON w.id = r.source_id
          WHERE r.started_at >= ${START}
          GROUP BY 1, 2, 3 HAVING sum(r.created) > 0 ORDER BY 1, 2`,
        range,
      ),
      this.db.query(
        `SELECT nullif(language, '') AS language, count(*)::int AS count FROM news
          WHERE create_time >= ${START} AND NOT is_noise GROUP BY 1 ORDER BY 2 DESC, 1 LIMIT 50`,
        range,
      ),
      this.db.query(
        `SELECT nullif(country, '') AS country, count(*)::int AS count FROM news
          WHERE create_time >= ${START} AND NOT is_noise GROUP BY 1 ORDER BY 2 DESC, 1 LIMIT 50`,
        range,
      ),
      this.db.query(
        `SELECT ${DAY('started_at')} AS day, count(*)::int AS count FROM collect_run
          WHERE started_at >= ${START} AND status = 'error' GROUP BY 1 ORDER BY 1`,
        range,
      ),
      this.db.query(
        `SELECT r.source_id AS "webId", coalesce(w.name, '#' || r.source_id) AS name, round(avg(r.duration_ms))::int AS "avgMs",
                round(percentile_cont(0.95) WITHIN GROUP (ORDER BY r.duration_ms))::int AS "p95Ms", count(*)::int AS runs
           FROM collect_run r LEFT JOIN news_website w ON w.id = r.source_id
          WHERE r.started_at >= ${START}
          GROUP BY 1, 2 ORDER BY 3 DESC, 1 LIMIT 10`,
        range,
      ),
      this.db.query(
        `SELECT s.id AS "webId", w.name, s.last_item_at AS "lastItemAt" FROM collect_source s JOIN news_website w ON w.id = s.id
          WHERE s.enabled AND coalesce(s.last_item_at, s.create_time) < now() - make_interval(days => $1::int)
          ORDER BY s.last_item_at ASC NULLS FIRST, s.id LIMIT 10`,
        [silentDays],
      ),
      this.db.query(
        `SELECT k AS keyword, count(*)::int AS count FROM news n, unnest(n.keywords) AS k
          WHERE n.create_time >= now() - interval '7 days' AND NOT n.is_noise AND k <> ''
          GROUP BY 1 ORDER BY 2 DESC, 1 LIMIT 30`,
      ),
    ]);
    const { from, to } = (bounds as Array<{ from: string; to: string }>)[0];
    return { from, to, perDay, byLanguage, byCountry, errorsPerDay, slowest, silent, topKeywords };
  }
}
