import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource, EntityManager } from 'typeorm';
import { DEFAULT_PAGE_SIZE, parseSort, type PagedQuery } from '../../common/http/list-query.js';
import { likePattern } from '../../common/http/list-query.js';
import type { SourceRule, SourceSelectors, SourceType } from './collect-source.entity.js';
import { CollectSource } from './collect-source.entity.js';
import type { SourceStatus } from './sources.dto.js';

/** A website joined with its collection settings (null fields when it has none). */
export interface SourceRow {
  id: number;
  name: string;
  url: string;
  language: string | null;
  country: string | null;
  configured: boolean;
  feedUrl: string | null;
  type: SourceType | null;
  host: string | null;
  classify: number[];
  intervalMinutes: number | null;
  adaptive: boolean;
  effectiveIntervalMinutes: number | null;
  enabled: boolean;
  fullText: boolean;
  selectors: SourceSelectors | null;
  rules: SourceRule[];
  timezone: string | null;
  lastCheckAt: Date | null;
  nextCheckAt: Date | null;
  lastStatus: string | null;
  httpStatus: number | null;
  errorCount: number;
  lastError: string | null;
  itemCount: number;
  lastItemAt: Date | null;
  etag: string | null;
  lastModified: string | null;
  createTime: Date;
  updateTime: Date | null;
}

export interface LightRow {
  id: number;
  name: string;
  url: string;
  language: string | null;
  country: string | null;
  enabled: boolean;
}

export interface RunRow {
  id: string;
  trigger: string;
  startedAt: Date;
  durationMs: number;
  status: string;
  httpStatus: number | null;
  fetched: number;
  created: number;
  updated: number;
  duplicates: number;
  bytes: number;
  error: string | null;
}

export interface HealthRow {
  total: number;
  enabled: number;
  failing: number;
  erroring: number;
  silent: number;
}

/** Settings a write sets on `collect_source` (undefined = unchanged on update). */
export type SourceSettings = Partial<
  Pick<CollectSource, 'feedUrl' | 'type' | 'host' | 'classify' | 'intervalMinutes' | 'adaptive' | 'enabled' | 'fullText' | 'selectors' | 'rules' | 'timezone'>
>;

const SELECT = `
  w.id, w.name, w.url, w.language, w.country, (s.id IS NOT NULL) AS configured,
  s.feed_url AS "feedUrl", s.type, s.host, coalesce(s.classify, '{}') AS classify,
  s.interval_minutes AS "intervalMinutes", coalesce(s.adaptive, false) AS adaptive,
  s.effective_interval_minutes AS "effectiveIntervalMinutes", coalesce(s.enabled, false) AS enabled,
  coalesce(s.full_text, false) AS "fullText", s.selectors, coalesce(s.rules, '[]') AS rules, s.timezone,
  s.last_check_at AS "lastCheckAt", s.next_check_at AS "nextCheckAt", s.last_status AS "lastStatus",
  s.http_status AS "httpStatus", coalesce(s.error_count, 0) AS "errorCount", s.last_error AS "lastError",
  coalesce(s.item_count, 0) AS "itemCount", s.last_item_at AS "lastItemAt", s.etag,
  s.last_modified AS "lastModified", w.create_time AS "createTime", s.update_time AS "updateTime"
  FROM news_website w LEFT JOIN collect_source s ON s.id = w.id`;

const SORT = {
  id: 'w.id',
  name: 'w.name',
  lastCheckAt: 's.last_check_at',
  nextCheckAt: 's.next_check_at',
  errorCount: 'coalesce(s.error_count, 0)',
  itemCount: 'coalesce(s.item_count, 0)',
  createTime: 'w.create_time',
};

const RUN_SORT = { id: 'r.id', startedAt: 'r.started_at', durationMs: 'r.duration_ms' };

/** Every query of the sources (`collect_source`, read with its `news_website` row; docs/collect-design.md §6, §7). */
@Injectable()
export class SourcesRepository {
  constructor(@InjectDataSource() private readonly db: DataSource) {}

  transaction<T>(work: (em: EntityManager) => Promise<T>): Promise<T> {
    return this.db.transaction(work);
  }

  /**
   * A page of sources and the total. `status`: `ok` (enabled, last run fine, no errors), `error`
   * (enabled, ≥ 1 consecutive error), `failing` (enabled, ≥ `failingAfter` errors), `disabled`
   * (disabled or without settings), `never` (enabled, never run).
   */
  async page(q: PagedQuery & { name?: string; enabled?: boolean; status?: SourceStatus }, failingAfter: number): Promise<[SourceRow[], number]> {
    const where: string[] = [];
    const params: unknown[] = [];
    const param = (value: unknown) => {
      params.push(value);
      return `$${params.length}`;
    };
    if (q.name) where.push(`(w.name ILIKE ${param(likePattern(q.name))} OR w.url ILIKE $${params.length})`);
    if (q.enabled !== undefined) where.push(q.enabled ? 's.enabled' : 'NOT coalesce(s.enabled, false)');
    switch (q.status) {
      case 'ok':
        where.push(`s.enabled AND s.error_count = 0 AND s.last_status IN ('ok', 'not-modified')`);
        break;
      case 'error':
        where.push('s.enabled AND s.error_count > 0');
        break;
      case 'failing':
        where.push(`s.enabled AND s.error_count >= ${param(failingAfter)}`);
        break;
      case 'disabled':
        where.push('NOT coalesce(s.enabled, false)');
        break;
      case 'never':
        where.push('s.enabled AND s.last_check_at IS NULL');
        break;
    }
    const filter = where.length ? ` WHERE ${where.join(' AND ')}` : '';
    const orders = parseSort(q.sort, SORT, ['id,desc']);
    if (!orders.some((o) => o.expr === SORT.id)) orders.push({ expr: SORT.id, dir: 'DESC' });
    const size = q.size ?? DEFAULT_PAGE_SIZE;
    const order = orders.map((o) => `${o.expr} ${o.dir} NULLS LAST`).join(', ');
    const [rows, count] = await Promise.all([
      this.db.query<SourceRow[]>(`SELECT ${SELECT}${filter} ORDER BY ${order} LIMIT ${size} OFFSET ${(q.page ?? 0) * size}`, params),
      this.db.query<Array<{ n: number }>>(`SELECT count(*)::int AS n FROM news_website w LEFT JOIN collect_source s ON s.id = w.id${filter}`, params),
    ]);
    return [rows, count[0].n];
  }

  async findOne(id: number, em: EntityManager = this.db.manager): Promise<SourceRow | null> {
    const rows: SourceRow[] = await em.query(`SELECT ${SELECT} WHERE w.id = $1`, [id]);
    return rows[0] ?? null;
  }

  /** Every website (light shape), by name; or those of `ids`, by id. */
  light(ids?: number[]): Promise<LightRow[]> {
    const sql = `SELECT w.id, w.name, w.url, w.language, w.country, coalesce(s.enabled, false) AS enabled
      FROM news_website w LEFT JOIN collect_source s ON s.id = w.id`;
    return ids ? this.db.query(`${sql} WHERE w.id = ANY($1::int[]) ORDER BY w.id`, [ids]) : this.db.query(`${sql} ORDER BY w.name, w.id`);
  }

  /** True when the website has collection settings. */
  async hasSettings(id: number, em: EntityManager = this.db.manager): Promise<boolean> {
    return (await em.countBy(CollectSource, { id })) > 0;
  }

  /** Inserts the settings of a source (its website row exists); due at once. */
  async insertSettings(em: EntityManager, id: number, settings: SourceSettings & Pick<CollectSource, 'feedUrl' | 'host'>): Promise<void> {
    const interval = settings.intervalMinutes ?? 30;
    await em.insert(CollectSource, { ...settings, id, effectiveIntervalMinutes: interval });
  }

  /**
   * Changes the settings (undefined = unchanged). A new feed address forgets the conditional-GET
   * state; a new interval resets the effective one; enabling a disabled source makes it due now.
   */
  async updateSettings(em: EntityManager, id: number, settings: SourceSettings): Promise<void> {
    const set = Object.fromEntries(Object.entries(settings).filter(([, v]) => v !== undefined)) as SourceSettings;
    const current = await em.findOneByOrFail(CollectSource, { id });
    const extra: Partial<CollectSource> = {};
    if (set.feedUrl !== undefined && set.feedUrl !== current.feedUrl) Object.assign(extra, { etag: null, lastModified: null, bodyHash: null });
    if (set.intervalMinutes !== undefined && set.intervalMinutes !== current.intervalMinutes) extra.effectiveIntervalMinutes = set.intervalMinutes;
    if (set.enabled === true && !current.enabled) extra.nextCheckAt = new Date();
    if (!Object.keys(set).length && !Object.keys(extra).length) return;
    await em.save(em.merge(CollectSource, current, set, extra));
  }

  /** Enables or disables the sources that have settings; the ids whose state changed. */
  async setEnabled(ids: number[], enabled: boolean, em: EntityManager = this.db.manager): Promise<number[]> {
    if (!ids.length) return [];
    const rows: Array<{ id: number }> = await em.query(
      // In a CTE: TypeORM answers a bare UPDATE … RETURNING as [rows, affected].
      `WITH u AS (UPDATE collect_source SET enabled = $2, update_time = now(),
              next_check_at = CASE WHEN $2 AND NOT enabled THEN now() ELSE next_check_at END
        WHERE id = ANY($1::int[]) AND enabled <> $2 RETURNING id) SELECT id FROM u ORDER BY id`,
      [ids, enabled],
    );
    return rows.map((r) => r.id);
  }

  /** Of these ids, the websites that exist. */
  async existing(ids: number[]): Promise<number[]> {
    const rows: Array<{ id: number }> = await this.db.query('SELECT id FROM news_website WHERE id = ANY($1::int[]) ORDER BY id', [ids]);
    return rows.map((r) => r.id);
  }

  /**
   * Takes the lease of a source for a manual run (docs/collect-design.md §5.1: a live lease is never
   * re-claimed); false when it is leased (a run is going on) or has no settings.
   */
  async claim(id: number, owner: string, leaseSeconds: number): Promise<boolean> {
    const rows: unknown[] = await this.db.query(
      `WITH c AS (UPDATE collect_source SET lease_until = now() + make_interval(secs => $3), lease_owner = $2
        WHERE id = $1 AND (lease_until IS NULL OR lease_until < now()) RETURNING id) SELECT id FROM c`,
      [id, owner, leaseSeconds],
    );
    return rows.length > 0;
  }

  /** Ends the lease of this owner. */
  async release(id: number, owner: string): Promise<void> {
    await this.db.query('UPDATE collect_source SET lease_until = NULL, lease_owner = NULL WHERE id = $1 AND lease_owner = $2', [id, owner]);
  }

  /** A page of the source's runs (newest first by default) and the total. */
  async runs(sourceId: number, q: PagedQuery): Promise<[RunRow[], number]> {
    const orders = parseSort(q.sort, RUN_SORT, ['startedAt,desc']);
    if (!orders.some((o) => o.expr === RUN_SORT.id)) orders.push({ expr: RUN_SORT.id, dir: 'DESC' });
    const size = q.size ?? DEFAULT_PAGE_SIZE;
    const [rows, count] = await Promise.all([
      this.db.query<RunRow[]>(
        `SELECT r.id::text AS id, r.trigger, r.started_at AS "startedAt", r.duration_ms AS "durationMs", r.status,
                r.http_status AS "httpStatus", r.fetched, r.created, r.updated, r.duplicates, r.bytes, r.error
           FROM collect_run r WHERE r.source_id = $1
          ORDER BY ${orders.map((o) => `${o.expr} ${o.dir}`).join(', ')} LIMIT ${size} OFFSET ${(q.page ?? 0) * size}`,
        [sourceId],
      ),
      this.db.query<Array<{ n: number }>>('SELECT count(*)::int AS n FROM collect_run WHERE source_id = $1', [sourceId]),
    ]);
    return [rows, count[0].n];
  }

  /** Counts for the failing-sources badge (docs/collect-design.md §5.2). */
  async health(failingAfter: number): Promise<HealthRow> {
    const rows: HealthRow[] = await this.db.query(
      `SELECT count(*)::int AS total,
              count(*) FILTER (WHERE enabled)::int AS enabled,
              count(*) FILTER (WHERE enabled AND error_count >= $1)::int AS failing,
              count(*) FILTER (WHERE enabled AND error_count > 0)::int AS erroring,
              count(*) FILTER (WHERE enabled AND coalesce(last_item_at, create_time) < now() - interval '7 days')::int AS silent
         FROM collect_source`,
      [failingAfter],
    );
    return rows[0];
  }

  /**
   * The dashboard's source figures (docs/dashboard.md): configured sources, enabled ones, and the
   * enabled ones whose last run failed (error_count > 0) with their names (at most `max`, most errors first).
   */
  async dashboardHealth(max: number): Promise<{ total: number; enabled: number; failing: number; failingNames: string[] }> {
    const rows: Array<{ total: number; enabled: number; failing: number; failingNames: string[] | null }> = await this.db.query(
      `SELECT count(*)::int AS total,
              count(*) FILTER (WHERE s.enabled)::int AS enabled,
              count(*) FILTER (WHERE s.enabled AND s.error_count > 0)::int AS failing,
              (SELECT array_agg(name) FROM (SELECT w2.name FROM collect_source s2 JOIN news_website w2 ON w2.id = s2.id
                 WHERE s2.enabled AND s2.error_count > 0 ORDER BY s2.error_count DESC, w2.name, w2.id LIMIT $1) f) AS "failingNames"
         FROM collect_source s`,
      [max],
    );
    return { ...rows[0], failingNames: rows[0].failingNames ?? [] };
  }

  /** Every configured source, for the OPML export. */
  opmlRows(): Promise<Array<{ name: string; url: string; feedUrl: string; type: SourceType; language: string | null }>> {
    return this.db.query(
      `SELECT w.name, w.url, s.feed_url AS "feedUrl", s.type, w.language FROM collect_source s JOIN news_website w ON w.id = s.id ORDER BY w.name, w.id`,
    );
  }

  /** Of these addresses, those already a website's url. */
  async knownUrls(urls: string[]): Promise<Set<string>> {
    if (!urls.length) return new Set();
    const rows: Array<{ url: string }> = await this.db.query('SELECT url FROM news_website WHERE url = ANY($1::text[])', [urls]);
    return new Set(rows.map((r) => r.url));
  }
}
