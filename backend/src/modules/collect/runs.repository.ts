import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource } from 'typeorm';
import type { RunTrigger } from './collect-run.entity.js';
import type { RunStatus, SourceRule, SourceSelectors, SourceType } from './collect-source.entity.js';

/** What a run reads of its source (settings, conditional-GET state, the website's language and country). */
export interface RunSource {
  id: number;
  name: string;
  language: string | null;
  country: string | null;
  feedUrl: string;
  type: SourceType;
  classify: number[];
  intervalMinutes: number;
  adaptive: boolean;
  effectiveIntervalMinutes: number;
  fullText: boolean;
  selectors: SourceSelectors | null;
  rules: SourceRule[];
  timezone: string | null;
  etag: string | null;
  lastModified: string | null;
  bodyHash: string | null;
  errorCount: number;
  lastItemAt: Date | null;
  failingNotifiedAt: Date | null;
}

/** The state a run leaves on its source (docs/collect-design.md §5.2). */
export interface RunOutcome {
  status: RunStatus;
  httpStatus: number | null;
  errorCount: number;
  lastError: string | null;
  /** Unchanged when undefined (304, errors). */
  etag?: string | null;
  lastModified?: string | null;
  bodyHash?: string | null;
  created: number;
  effectiveIntervalMinutes: number;
  nextCheckAt: Date;
  failingNotifiedAt: Date | null;
  /** A new feed address (permanent redirect, discovery of a type `auto` source): forgets the conditional-GET state. */
  moveTo?: { feedUrl: string; type: SourceType; host: string };
}

/** One `collect_run` row. */
export interface RunRecord {
  sourceId: number;
  trigger: RunTrigger;
  startedAt: Date;
  durationMs: number;
  status: RunStatus;
  httpStatus: number | null;
  fetched: number;
  created: number;
  updated: number;
  duplicates: number;
  bytes: number;
  error: string | null;
}

/**
 * The collector's and the scheduler's queries on `collect_source` and `collect_run`
 * (docs/collect-design.md §5.1–§5.2): the claim of due sources, what a run reads and writes, the
 * retention of the run history.
 */
@Injectable()
export class RunsRepository {
  constructor(@InjectDataSource() private readonly db: DataSource) {}

  async source(id: number): Promise<RunSource | null> {
    const rows: RunSource[] = await this.db.query(
      `SELECT s.id, w.name, w.language, w.country, s.feed_url AS "feedUrl", s.type, s.classify,
              s.interval_minutes AS "intervalMinutes", s.adaptive, s.effective_interval_minutes AS "effectiveIntervalMinutes",
              s.full_text AS "fullText", s.selectors, s.rules, s.timezone, s.etag, s.last_modified AS "lastModified",
              s.body_hash AS "bodyHash", s.error_count AS "errorCount", s.last_item_at AS "lastItemAt",
              s.failing_notified_at AS "failingNotifiedAt"
         FROM collect_source s JOIN news_website w ON w.id = s.id WHERE s.id = $1`,
      [id],
    );
    return rows[0] ?? null;
  }

  /** Items the source's runs created in the last `days` days (the adaptive interval, §5.2). */
  async createdSince(sourceId: number, days: number): Promise<number> {
    const rows: Array<{ n: number }> = await this.db.query(
      `SELECT coalesce(sum(created), 0)::int AS n FROM collect_run WHERE source_id = $1 AND started_at > now() - make_interval(days => $2)`,
      [sourceId, days],
    );
    return rows[0].n;
  }

  /**
   * Writes the outcome on the source and records the run, in one transaction; with `owner`, ends that
   * owner's lease too. False when the source was deleted meanwhile (nothing written).
   */
  async finish(outcome: RunOutcome, run: RunRecord, owner?: string): Promise<boolean> {
    return this.db.transaction(async (em) => {
      const o = outcome;
      const rows: unknown[] = await em.query(
        `WITH u AS (UPDATE collect_source SET
            last_check_at = now(), last_status = $2, http_status = $3, error_count = $4, last_error = $5,
            etag = CASE WHEN $6::boolean THEN $7 ELSE etag END,
            last_modified = CASE WHEN $6::boolean THEN $8 ELSE last_modified END,
            body_hash = CASE WHEN $6::boolean THEN $9 ELSE body_hash END,
            item_count = item_count + $10, last_item_at = CASE WHEN $10 > 0 THEN now() ELSE last_item_at END,
            effective_interval_minutes = $11, next_check_at = $12, failing_notified_at = $13,
            feed_url = coalesce($14, feed_url), type = coalesce($15, type), host = coalesce($16, host),
            lease_until = CASE WHEN $17::text IS NOT NULL AND lease_owner = $17 THEN NULL ELSE lease_until END,
            lease_owner = CASE WHEN $17::text IS NOT NULL AND lease_owner = $17 THEN NULL ELSE lease_owner END
          WHERE id = $1 RETURNING id) SELECT id FROM u`,
        [
          run.sourceId,
          o.status,
          o.httpStatus,
          o.errorCount,
          o.lastError,
          o.etag !== undefined || o.moveTo !== undefined,
          o.etag ?? null,
          o.lastModified ?? null,
          o.bodyHash ?? null,
          o.created,
          o.effectiveIntervalMinutes,
          o.nextCheckAt,
          o.failingNotifiedAt,
          o.moveTo?.feedUrl ?? null,
          o.moveTo?.type ?? null,
          o.moveTo?.host ?? null,
          owner ?? null,
        ],
      );
      if (!rows.length) return false;
      await em.query(
        `INSERT INTO collect_run (source_id, trigger, started_at, duration_ms, status, http_status, fetched, created, updated, duplicates, bytes, error)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12)`,
        [run.sourceId, run.trigger, run.startedAt, run.durationMs, run.status, run.httpStatus, run.fetched, run.created, run.updated, run.duplicates, run.bytes, run.error],
      );
      return true;
    });
  }

  /**
   * Claims due sources for this process (docs/collect-design.md §5.1): at most `batch`, at most
   * `perHost` running per host over all processes, a lease of `leaseSeconds` for `owner`. Rows locked
   * by another claimer are skipped; a live lease is never taken over.
   */
  async claimDue(owner: string, batch: number, perHost: number, leaseSeconds: number): Promise<Array<{ id: number; leaseUntil: Date }>> {
    if (batch <= 0) return [];
    return this.db.query(
      `WITH cand AS (
         SELECT id, host, next_check_at FROM collect_source
          WHERE enabled AND next_check_at <= now() AND (lease_until IS NULL OR lease_until < now())
          ORDER BY next_check_at LIMIT $1 FOR UPDATE SKIP LOCKED),
       running AS (SELECT host, count(*) AS n FROM collect_source WHERE lease_until > now() GROUP BY host),
       pick AS (
         SELECT c.id FROM (SELECT cand.*, row_number() OVER (PARTITION BY host ORDER BY next_check_at) AS k FROM cand) c
           LEFT JOIN running r USING (host)
          WHERE c.k + coalesce(r.n, 0) <= $3 ORDER BY c.next_check_at LIMIT $2),
       u AS (
         UPDATE collect_source s SET lease_until = now() + make_interval(secs => $4), lease_owner = $5
           FROM pick WHERE s.id = pick.id RETURNING s.id, s.lease_until)
       SELECT id, lease_until AS "leaseUntil" FROM u ORDER BY id`,
      [batch * 4, batch, perHost, leaseSeconds, owner],
    );
  }

  /** Ends a lease of `owner` (a run that could not start, a queue job that found the lease gone). */
  async release(id: number, owner: string): Promise<void> {
    await this.db.query('UPDATE collect_source SET lease_until = NULL, lease_owner = NULL WHERE id = $1 AND lease_owner = $2', [id, owner]);
  }

  /** Extends the lease `owner` holds (a run longer than a third of the lease, §5.1); false when it is not held any more. */
  async renew(id: number, owner: string, leaseSeconds: number): Promise<boolean> {
    const rows: unknown[] = await this.db.query(
      `WITH u AS (UPDATE collect_source SET lease_until = now() + make_interval(secs => $3) WHERE id = $1 AND lease_owner = $2 RETURNING id) SELECT id FROM u`,
      [id, owner, leaseSeconds],
    );
    return rows.length > 0;
  }

  /** True while `owner` holds a live lease on the source (a queued job checks before it runs). */
  async holds(id: number, owner: string): Promise<boolean> {
    const rows: unknown[] = await this.db.query('SELECT 1 FROM collect_source WHERE id = $1 AND lease_owner = $2 AND lease_until > now()', [id, owner]);
    return rows.length > 0;
  }

  /** The connected database's name (the BullMQ prefix: one collect queue per database). */
  async currentDatabase(): Promise<string> {
    const [{ db }]: Array<{ db: string }> = await this.db.query('SELECT current_database() AS db');
    return db;
  }

  /** Deletes runs older than `days` days; how many. */
  async pruneRuns(days: number): Promise<number> {
    const rows: unknown[] = await this.db.query(
      `WITH d AS (DELETE FROM collect_run WHERE started_at < now() - make_interval(days => $1) RETURNING 1) SELECT 1 FROM d`,
      [days],
    );
    return rows.length;
  }

  /**
   * Runs `work` under the session advisory lock `key` on one connection, or answers undefined
   * when another process holds it (the maintenance job runs once across replicas).
   */
  async withAdvisoryLock<T>(key: number, work: () => Promise<T>): Promise<T | undefined> {
    const runner = this.db.createQueryRunner();
    await runner.connect();
    try {
      const [{ ok }]: Array<{ ok: boolean }> = await runner.query('SELECT pg_try_advisory_lock($1) AS ok', [key]);
      if (!ok) return undefined;
      try {
        return await work();
      } finally {
        await runner.query('SELECT pg_advisory_unlock($1)', [key]);
      }
    } finally {
      await runner.release();
    }
  }
}
