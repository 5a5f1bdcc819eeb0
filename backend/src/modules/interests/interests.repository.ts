import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, type EntityManager } from 'typeorm';

export interface InterestRow {
  id: string;
  userId: number;
  websiteIds: number[];
  classifyIds: number[];
  themeIds: number[];
  frequency: string;
  createTime: Date;
  updateTime: Date;
}

const COLUMNS =
  'id, user_id AS "userId", website_ids AS "websiteIds", classify_ids AS "classifyIds", theme_ids AS "themeIds", frequency, create_time AS "createTime", update_time AS "updateTime"';

/** A subscription due for a notice (SubscriptionNotifier). */
export interface DueSubscription {
  userId: number;
  websiteIds: number[];
  classifyIds: number[];
  themeIds: number[];
  frequency: string;
  /** Where the count starts (the last notice), as PostgreSQL prints it (microseconds kept). */
  since: string;
}

/**
 * Every query of the interests module (`news_interest`; the existence checks of the users, websites
 * and classes it names); InterestsService holds the rules. Writes take the `EntityManager` of a
 * `transaction(...)`.
 */
@Injectable()
export class InterestsRepository {
  constructor(@InjectDataSource() private readonly db: DataSource) {}

  /** Runs `work` in one transaction; its `em` goes to the methods below. */
  transaction<T>(work: (em: EntityManager) => Promise<T>): Promise<T> {
    return this.db.transaction(work);
  }

  async userExists(userId: number): Promise<boolean> {
    const rows: unknown[] = await this.db.query('SELECT 1 FROM sys_user WHERE id = $1', [userId]);
    return rows.length > 0;
  }

  /** The user's row, or undefined. */
  async rowOf(userId: number): Promise<InterestRow | undefined> {
    const rows: InterestRow[] = await this.db.query(`SELECT ${COLUMNS} FROM news_interest WHERE user_id = $1`, [userId]);
    return rows[0];
  }

  /** Which of the websites exist. */
  async existingWebsites(ids: number[]): Promise<number[]> {
    const rows: Array<{ id: number }> = await this.db.query('SELECT id FROM news_website WHERE id = ANY($1::int[])', [ids]);
    return rows.map((r) => r.id);
  }

  /** Which of the classes exist. */
  async existingClasses(ids: number[]): Promise<number[]> {
    const rows: Array<{ id: number }> = await this.db.query('SELECT id FROM news_classify WHERE id = ANY($1::int[])', [ids]);
    return rows.map((r) => r.id);
  }

  /** Which of the themes exist. */
  async existingThemes(ids: number[]): Promise<number[]> {
    const rows: Array<{ id: number }> = await this.db.query('SELECT id FROM news_theme WHERE id = ANY($1::int[])', [ids]);
    return rows.map((r) => r.id);
  }

  /**
   * Creates the user's row or replaces the given lists of the existing one (null keeps a list, an
   * empty list clears it); the row. A new row starts counting for notices now.
   */
  async upsert(userId: number, websiteIds: number[] | null, classifyIds: number[] | null, themeIds: number[] | null = null): Promise<InterestRow> {
    const rows: InterestRow[] = await this.db.query(
      `INSERT INTO news_interest (user_id, website_ids, classify_ids, theme_ids, notified_at)
       VALUES ($1, COALESCE($2::int[], '{}'), COALESCE($3::int[], '{}'), COALESCE($4::int[], '{}'), now())
       ON CONFLICT (user_id) DO UPDATE SET
         website_ids = COALESCE($2::int[], news_interest.website_ids),
         classify_ids = COALESCE($3::int[], news_interest.classify_ids),
         theme_ids = COALESCE($4::int[], news_interest.theme_ids),
         update_time = now()
       RETURNING ${COLUMNS}`,
      [userId, websiteIds, classifyIds, themeIds],
    );
    return rows[0];
  }

  /** Sets the user's notice frequency (creating an empty row if needed); counting restarts now when it changes. */
  async setFrequency(userId: number, frequency: string): Promise<void> {
    await this.db.query(
      `INSERT INTO news_interest (user_id, frequency, notified_at) VALUES ($1, $2, now())
       ON CONFLICT (user_id) DO UPDATE SET frequency = $2, update_time = now(),
         notified_at = CASE WHEN news_interest.frequency = $2 THEN news_interest.notified_at ELSE now() END`,
      [userId, frequency],
    );
  }

  /**
   * Subscriptions due for a notice: a frequency other than never, something subscribed, the last
   * notice at least `realtimeSeconds` / an hour / a day ago, an enabled user; oldest first.
   */
  due(limit: number, realtimeSeconds: number): Promise<DueSubscription[]> {
    return this.db.query(
      `SELECT i.user_id AS "userId", i.website_ids AS "websiteIds", i.classify_ids AS "classifyIds", i.theme_ids AS "themeIds",
              i.frequency, COALESCE(i.notified_at, i.update_time)::text AS since
         FROM news_interest i JOIN sys_user u ON u.id = i.user_id AND u.enabled
        WHERE i.frequency <> 'never'
          AND (cardinality(i.website_ids) + cardinality(i.classify_ids) + cardinality(i.theme_ids)) > 0
          AND COALESCE(i.notified_at, i.update_time) <= now() - CASE i.frequency
                WHEN 'realtime' THEN make_interval(secs => $2) WHEN 'hourly' THEN interval '1 hour' ELSE interval '1 day' END
        ORDER BY COALESCE(i.notified_at, i.update_time) LIMIT $1`,
      [limit, realtimeSeconds],
    );
  }

  /** Moves the user's counting start from `since` to `to`; false when another process already did (one notice per window). */
  async advance(userId: number, since: string, to: string): Promise<boolean> {
    const rows: unknown[] = await this.db.query(
      // in a CTE: TypeORM answers a bare UPDATE … RETURNING as [rows, affected]
      'WITH u AS (UPDATE news_interest SET notified_at = $3::timestamptz WHERE user_id = $1 AND COALESCE(notified_at, update_time) = $2::timestamptz RETURNING 1) SELECT 1 FROM u',
      [userId, since, to],
    );
    return rows.length > 0;
  }

  /** The owner of the row, or undefined. */
  async ownerOf(id: number): Promise<number | undefined> {
    const rows: Array<{ userId: number }> = await this.db.query('SELECT user_id AS "userId" FROM news_interest WHERE id = $1', [id]);
    return rows[0]?.userId;
  }

  /** The owners of the rows that exist, locked FOR UPDATE. */
  async lockOwners(ids: number[], em: EntityManager = this.db.manager): Promise<number[]> {
    const rows: Array<{ userId: number }> = await em.query('SELECT user_id AS "userId" FROM news_interest WHERE id = ANY($1::bigint[]) FOR UPDATE', [ids]);
    return rows.map((r) => r.userId);
  }

  async delete(ids: number[], em: EntityManager = this.db.manager): Promise<void> {
    await em.query('DELETE FROM news_interest WHERE id = ANY($1::bigint[])', [ids]);
  }
}
