import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, type EntityManager } from 'typeorm';

export interface InterestRow {
  id: string;
  userId: number;
  websiteIds: number[];
  classifyIds: number[];
  createTime: Date;
  updateTime: Date;
}

const COLUMNS = 'id, user_id AS "userId", website_ids AS "websiteIds", classify_ids AS "classifyIds", create_time AS "createTime", update_time AS "updateTime"';

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

  /**
   * Creates the user's row or replaces the given lists of the existing one (null keeps a list, an
   * empty list clears it); the row.
   */
  async upsert(userId: number, websiteIds: number[] | null, classifyIds: number[] | null): Promise<InterestRow> {
    const rows: InterestRow[] = await this.db.query(
      `INSERT INTO news_interest (user_id, website_ids, classify_ids)
       VALUES ($1, COALESCE($2::int[], '{}'), COALESCE($3::int[], '{}'))
       ON CONFLICT (user_id) DO UPDATE SET
         website_ids = COALESCE($2::int[], news_interest.website_ids),
         classify_ids = COALESCE($3::int[], news_interest.classify_ids),
         update_time = now()
       RETURNING ${COLUMNS}`,
      [userId, websiteIds, classifyIds],
    );
    return rows[0];
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
