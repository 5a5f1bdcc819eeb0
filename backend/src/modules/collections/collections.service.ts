import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import type { Principal } from '../../common/auth/principal.js';
import { DomainException, ErrorCode } from '../../common/errors/domain.exception.js';
import { DEFAULT_PAGE_SIZE, likePattern, page, type Page } from '../../common/http/list-query.js';
import { searchQuery } from '../news/index.js';
import { COLLECT_SORTS, type CollectAddDto, type CollectDto, type CollectedNewsDto, type CollectEditDto, type CollectQuery, type CollectSort } from './collection.dto.js';

const NEWS_GONE = '新闻不存在或已被删除';

interface CollectRow {
  id: string;
  newsId: string;
  userId: number;
  newsTitle: string | null;
  newsTitleCn: string | null;
  createTime: Date;
}

const toCollectDto = (r: CollectRow): CollectDto => ({ ...r, id: Number(r.id), newsId: Number(r.newsId) });

const RETURNING = 'id, news_id AS "newsId", user_id AS "userId", news_title AS "newsTitle", news_title_cn AS "newsTitleCn", create_time AS "createTime"';

function parseCollectSort(sort: string[] | undefined): CollectSort {
  if (!sort?.length) return 'dateDesc';
  if (sort.length > 1) throw DomainException.badRequest('只能按一种方式排序', ErrorCode.Validation);
  const value = sort[0].trim();
  if (!(COLLECT_SORTS as readonly string[]).includes(value)) throw DomainException.badRequest(`不支持的排序方式: ${value}`, ErrorCode.Validation);
  return value as CollectSort;
}

@Injectable()
export class CollectionsService {
  constructor(@InjectDataSource() private readonly db: DataSource) {}

  async add(userId: number, dto: CollectAddDto): Promise<CollectDto> {
    // One statement: nothing is inserted for an unknown news item, a repeated add inserts nothing.
    await this.db.query(
      `INSERT INTO news_collect (news_id, user_id, news_title, news_title_cn)
       SELECT n.id, $2, COALESCE($3, n.title), COALESCE($4, n.title_cn) FROM news n WHERE n.id = $1
       ON CONFLICT (news_id, user_id) DO NOTHING`,
      [dto.newsId, userId, dto.newsTitle ?? null, dto.newsTitleCn ?? null],
    );
    const rows: CollectRow[] = await this.db.query(
      `SELECT ${RETURNING} FROM news_collect c WHERE c.news_id = $1 AND c.user_id = $2 AND EXISTS (SELECT 1 FROM news n WHERE n.id = c.news_id)`,
      [dto.newsId, userId],
    );
    if (!rows.length) throw DomainException.notFound(NEWS_GONE);
    return toCollectDto(rows[0]);
  }

  async list(userId: number, q: CollectQuery): Promise<Page<CollectedNewsDto>> {
    const sort = parseCollectSort(q.sort);
    const params: unknown[] = [userId];
    let where = 'c.user_id = $1';
    if (q.title) {
      params.push(likePattern(q.title));
      where += ` AND (n.title ILIKE $${params.length} OR n.title_cn ILIKE $${params.length})`;
    }
    const countParams = [...params];
    const dir = sort.endsWith('Asc') ? 'ASC' : 'DESC';
    let order: string;
    const tsquery = sort.startsWith('score') && q.title ? searchQuery(q.title, 'or') : null;
    if (tsquery) {
      params.push(tsquery);
      order = `COALESCE(ts_rank_cd(n.search, CAST($${params.length} AS tsquery)), 0) ${dir}, n.publish_time ${dir}`;
    } else if (sort.startsWith('num')) order = `n.count ${dir}`;
    else if (sort.startsWith('create')) order = `c.create_time ${dir}`;
    else order = `n.publish_time ${dir}`; // date, and score without search text
    const size = q.size ?? DEFAULT_PAGE_SIZE;
    params.push(size, (q.page ?? 0) * size);
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
    return page(
      rows.map((r) => ({ ...r, id: Number(r.id), newsId: Number(r.newsId) })),
      count[0].n,
    );
  }

  async update(userId: number, dto: CollectEditDto): Promise<void> {
    const sets: string[] = [];
    const params: unknown[] = [dto.id, userId];
    if (dto.newsTitle !== undefined) {
      params.push(dto.newsTitle);
      sets.push(`news_title = $${params.length}`);
    }
    if (dto.newsTitleCn !== undefined) {
      params.push(dto.newsTitleCn);
      sets.push(`news_title_cn = $${params.length}`);
    }
    const assignments = sets.length ? sets.join(', ') : 'news_title = news_title';
    // TypeORM answers UPDATE/DELETE with [rows, affected count].
    const [, affected] = (await this.db.query(`UPDATE news_collect SET ${assignments} WHERE id = $1 AND user_id = $2`, params)) as [unknown[], number];
    if (!affected) throw DomainException.notFound(`收藏不存在: id is ${dto.id}`);
  }

  /** Un-collects for the caller (idempotent); a `userId` naming someone else is refused (only one's own). */
  async removeByNews(me: Principal, newsId: number, userId = me.userId): Promise<void> {
    if (userId !== me.userId) throw DomainException.forbidden('只能取消自己的收藏');
    await this.db.query('DELETE FROM news_collect WHERE news_id = $1 AND user_id = $2', [newsId, userId]);
  }

  /** Deletes the caller's collection rows; any id that is not the caller's → 404 and nothing deleted. */
  async delete(userId: number, ids: number[]): Promise<void> {
    await this.db.transaction(async (em) => {
      const [, affected] = (await em.query('DELETE FROM news_collect WHERE id = ANY($1::bigint[]) AND user_id = $2', [ids, userId])) as [unknown[], number];
      if (affected !== ids.length) throw DomainException.notFound('所选收藏不存在或已被删除');
    });
  }
}
