import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, type EntityManager } from 'typeorm';

export interface ShareRow {
  id: string;
  newsId: string;
  newsTitle: string | null;
  newsTitleCn: string | null;
  content: string | null;
  createTime: Date;
  fromId: number;
  fromUsername: string | null;
  fromNickName: string | null;
  toId: number;
  toUsername: string | null;
  toNickName: string | null;
  newsDeleted: boolean;
}

const SELECT = `SELECT s.id, s.news_id AS "newsId", s.news_title AS "newsTitle", s.news_title_cn AS "newsTitleCn", s.content, s.create_time AS "createTime",
  s.from_id AS "fromId", f.username AS "fromUsername", f.nick_name AS "fromNickName",
  s.to_id AS "toId", r.username AS "toUsername", r.nick_name AS "toNickName", (n.id IS NULL) AS "newsDeleted"`;
const FROM = `FROM news_suggest s LEFT JOIN news n ON n.id = s.news_id LEFT JOIN sys_user f ON f.id = s.from_id LEFT JOIN sys_user r ON r.id = s.to_id`;

/** What the share list asks: the caller's side(s) and an optional title filter. */
export interface SharePageQuery {
  /** Only shares the user sent. */
  sent: boolean;
  /** Only shares the user received. */
  received: boolean;
  /** LIKE pattern over the stored and the current titles. */
  like?: string;
  size: number;
  offset: number;
}

/**
 * Every query of the shares module (`news_suggest`, joined with `news` and the users' names);
 * SharesService holds the rules.
 */
@Injectable()
export class SharesRepository {
  constructor(@InjectDataSource() private readonly db: DataSource) {}

  /** Runs `work` in one transaction; its `em` goes to the methods below. */
  transaction<T>(work: (em: EntityManager) => Promise<T>): Promise<T> {
    return this.db.transaction(work);
  }

  async newsExists(newsId: number): Promise<boolean> {
    const news: Array<{ id: string }> = await this.db.query('SELECT id FROM news WHERE id = $1', [newsId]);
    return news.length > 0;
  }

  /** How many of the users exist and are enabled. */
  async countEnabledUsers(ids: number[]): Promise<number> {
    const users: Array<{ id: number }> = await this.db.query('SELECT id FROM sys_user WHERE id = ANY($1::int[]) AND enabled', [ids]);
    return users.length;
  }

  /** One share per recipient, in their order, while the news item exists; the new ids. */
  async insert(newsId: number, newsTitle: string | null, newsTitleCn: string | null, fromId: number, content: string | null, recipients: number[]): Promise<string[]> {
    const created: Array<{ id: string }> = await this.db.query(
      `INSERT INTO news_suggest (news_id, news_title, news_title_cn, from_id, to_id, content)
       SELECT n.id, COALESCE($2, n.title), COALESCE($3, n.title_cn), $4, r.to_id, $5
       FROM news n CROSS JOIN unnest($6::int[]) WITH ORDINALITY AS r(to_id, ord) WHERE n.id = $1 ORDER BY r.ord
       RETURNING id`,
      [newsId, newsTitle, newsTitleCn, fromId, content, recipients],
    );
    return created.map((c) => c.id);
  }

  /** The shares with these ids, by id. */
  findByIds(ids: string[]): Promise<ShareRow[]> {
    return this.db.query(`${SELECT} ${FROM} WHERE s.id = ANY($1::bigint[]) ORDER BY s.id`, [ids]);
  }

  /** A page of the user's shares (sent and/or received), newest first, and the total. */
  async page(userId: number, q: SharePageQuery): Promise<[ShareRow[], number]> {
    const params: unknown[] = [userId];
    const conditions: string[] = [];
    if (q.sent) conditions.push('s.from_id = $1');
    if (q.received) conditions.push('s.to_id = $1');
    if (!conditions.length) conditions.push('(s.from_id = $1 OR s.to_id = $1)');
    if (q.like !== undefined) {
      params.push(q.like);
      const p = `$${params.length}`;
      conditions.push(`(s.news_title ILIKE ${p} OR s.news_title_cn ILIKE ${p} OR n.title ILIKE ${p} OR n.title_cn ILIKE ${p})`);
    }
    const where = conditions.join(' AND ');
    const countParams = [...params];
    params.push(q.size, q.offset);
    const [rows, count] = await Promise.all([
      this.db.query(`${SELECT} ${FROM} WHERE ${where} ORDER BY s.create_time DESC, s.id DESC LIMIT $${params.length - 1} OFFSET $${params.length}`, params) as Promise<ShareRow[]>,
      this.db.query(`SELECT count(*)::int AS n ${FROM} WHERE ${where}`, countParams) as Promise<Array<{ n: number }>>,
    ]);
    return [rows, count[0].n];
  }

  async findById(id: number): Promise<ShareRow | undefined> {
    const rows: ShareRow[] = await this.db.query(`${SELECT} ${FROM} WHERE s.id = $1`, [id]);
    return rows[0];
  }

  /** Sets the note of a share the sender sent, in one conditional UPDATE; whether it did. */
  async updateContentOfSender(id: number, fromId: number, content: string | null): Promise<boolean> {
    const updated: unknown[] = await this.db.query('WITH u AS (UPDATE news_suggest SET content = $3 WHERE id = $1 AND from_id = $2 RETURNING id) SELECT id FROM u', [
      id,
      fromId,
      content,
    ]);
    return updated.length > 0;
  }

  /** The recipient of a share, or undefined for an unknown id. */
  async recipientOf(id: number): Promise<{ toId: number } | undefined> {
    const rows: Array<{ toId: number }> = await this.db.query('SELECT to_id AS "toId" FROM news_suggest WHERE id = $1', [id]);
    return rows[0];
  }

  /** Deletes the shares of these ids the user sent or received; the number of rows deleted. */
  async deleteOfUser(ids: number[], userId: number, em: EntityManager = this.db.manager): Promise<number> {
    // TypeORM answers DELETE with [rows, affected count].
    const [, affected] = (await em.query('DELETE FROM news_suggest WHERE id = ANY($1::bigint[]) AND (from_id = $2 OR to_id = $2)', [ids, userId])) as [unknown[], number];
    return affected;
  }
}
