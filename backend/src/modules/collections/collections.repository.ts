import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, type EntityManager } from 'typeorm';
import type { CollectedNewsDto, CollectSort } from './collection.dto.js';

export interface CollectRow {
  id: string;
  newsId: string;
  userId: number;
  newsTitle: string | null;
  newsTitleCn: string | null;
  createTime: Date;
}

const RETURNING = 'id, news_id AS "newsId", user_id AS "userId", news_title AS "newsTitle", news_title_cn AS "newsTitleCn", create_time AS "createTime"';

/** Every query of the collections module (`news_collect`, which it owns, read with `news`); CollectionsService holds the rules. */
@Injectable()
export class CollectionsRepository {
  constructor(@InjectDataSource() private readonly db: DataSource) {}

  /**
   * Collects the news item for the user in one statement (nothing for an unknown item, nothing again
   * for a repeated add), then reads the user's row of it while the item exists.
   */
  async add(newsId: number, userId: number, newsTitle: string | null, newsTitleCn: string | null): Promise<CollectRow | undefined> {
    await this.db.query(
      `INSERT INTO news_collect (news_id, user_id, news_title, news_title_cn)
       SELECT n.id, $2, COALESCE($3, n.title), COALESCE($4, n.title_cn) FROM news n WHERE n.id = $1
       ON CONFLICT (news_id, user_id) DO NOTHING`,
      [newsId, userId, newsTitle, newsTitleCn],
    );
    const rows: CollectRow[] = await this.db.query(
      `SELECT ${RETURNING} FROM news_collect c WHERE c.news_id = $1 AND c.user_id = $2 AND EXISTS (SELECT 1 FROM news n WHERE n.id = c.news_id)`,
      [newsId, userId],
    );
    return rows[0];
  }

  /**
   * A page of the user's collected news and the total. `like`: title filter (either language);
   * `sort`: see CollectSort (the score orders rank by `tsquery` when given, else by publish time).
   */
  async page(userId: number, like: string | undefined, sort: CollectSort, tsquery: string | null, size: number, offset: number): Promise<[Array<CollectedNewsDto & { id: string; newsId: string }>, number]> {
    const params: unknown[] = [userId];
    let where = 'c.user_id = $1';
    if (like !== undefined) {
      params.push(like);
      where += ` AND (n.title ILIKE $${params.length} OR n.title_cn ILIKE $${params.length})`;
    }
    const countParams = [...params];
    const dir = sort.endsWith('Asc') ? 'ASC' : 'DESC';
    let order: string;
    if (tsquery) {
      params.push(tsquery);
      order = `COALESCE(ts_rank_cd(n.search, CAST($${params.length} AS tsquery)), 0) ${dir}, n.publish_time ${dir}`;
    } else if (sort.startsWith('num')) order = `n.count ${dir}`;
    else if (sort.startsWith('create')) order = `c.create_time ${dir}`;
    else order = `n.publish_time ${dir}`; // date, and score without search text
    params.push(size, offset);
    const from = 'FROM news_collect c JOIN news n ON n.id = c.news_id';
    const [rows, count] = await Promise.all([
      this.db.query(
        `SELECT c.id, c.news_id AS "newsId", n.title, n.title_cn AS "titleCn", c.news_title AS "newsTitle", c.news_title_cn AS "newsTitleCn",
                n.publish_time AS "publishTime", n.web_name AS "webName", n.count, c.create_time AS "createTime"
         ${from} WHERE ${where} ORDER BY ${order}, c.id ${dir} LIMIT $${params.length - 1} OFFSET $${params.length}`,
        params,
      ) as Promise<Array<CollectedNewsDto & { id: string; newsId: string }>>,
      this.db.query(`SELECT count(*)::int AS n ${from} WHERE ${where}`, countParams) as Promise<Array<{ n: number }>>,
    ]);
    return [rows, count[0].n];
  }

  /** Sets the titles given (undefined = kept) on the user's row; the number of rows updated. */
  async update(id: number, userId: number, titles: { newsTitle?: string | null; newsTitleCn?: string | null }): Promise<number> {
    const sets: string[] = [];
    const params: unknown[] = [id, userId];
    if (titles.newsTitle !== undefined) {
      params.push(titles.newsTitle);
      sets.push(`news_title = $${params.length}`);
    }
    if (titles.newsTitleCn !== undefined) {
      params.push(titles.newsTitleCn);
      sets.push(`news_title_cn = $${params.length}`);
    }
    const assignments = sets.length ? sets.join(', ') : 'news_title = news_title';
    // TypeORM answers UPDATE/DELETE with [rows, affected count].
    const [, affected] = (await this.db.query(`UPDATE news_collect SET ${assignments} WHERE id = $1 AND user_id = $2`, params)) as [unknown[], number];
    return affected;
  }

  async removeByNews(newsId: number, userId: number): Promise<void> {
    await this.db.query('DELETE FROM news_collect WHERE news_id = $1 AND user_id = $2', [newsId, userId]);
  }

  /** Runs `work` in one transaction; its `em` goes to the methods below. */
  transaction<T>(work: (em: EntityManager) => Promise<T>): Promise<T> {
    return this.db.transaction(work);
  }

  /** Deletes the user's rows of these ids; the number of rows deleted. */
  async deleteOwn(userId: number, ids: number[], em: EntityManager = this.db.manager): Promise<number> {
    // TypeORM answers DELETE with [rows, affected count].
    const [, affected] = (await em.query('DELETE FROM news_collect WHERE id = ANY($1::bigint[]) AND user_id = $2', [ids, userId])) as [unknown[], number];
    return affected;
  }

  /** The collections of deleted news items, in the deleting transaction (a `news` removal step). */
  async deleteOfNews(em: EntityManager, newsIds: string[]): Promise<void> {
    await em.query('DELETE FROM news_collect WHERE news_id = ANY($1::bigint[])', [newsIds]);
  }
}
