import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { DomainException, ErrorCode } from '../../common/errors/domain.exception.js';
import { likePattern, page, type Page } from '../../common/http/list-query.js';
import { clip, html, NoticeService } from '../realtime/index.js';
import { SHARE_PAGE_SIZE, type ShareAddDto, type ShareDto, type ShareEditDto, type ShareQuery } from './share.dto.js';

interface ShareRow {
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

const toShareDto = (r: ShareRow): ShareDto => ({
  id: Number(r.id),
  newsId: Number(r.newsId),
  newsTitle: r.newsTitle,
  newsTitleCn: r.newsTitleCn,
  content: r.content,
  createTime: r.createTime,
  fromId: { id: r.fromId, username: r.fromUsername, nickName: r.fromNickName },
  toId: { id: r.toId, username: r.toUsername, nickName: r.toNickName },
  newsDeleted: r.newsDeleted,
});

@Injectable()
export class SharesService {
  constructor(
    @InjectDataSource() private readonly db: DataSource,
    private readonly notices: NoticeService,
  ) {}

  /** One record per recipient; the sender is always the caller. */
  async add(fromId: number, dto: ShareAddDto): Promise<ShareDto[]> {
    const recipients = [...new Set([...(dto.toIds ?? []), ...(dto.toId !== undefined ? [dto.toId] : [])])];
    if (!recipients.length) throw DomainException.badRequest('请选择接收人', ErrorCode.Validation);
    const news: Array<{ id: string }> = await this.db.query('SELECT id FROM news WHERE id = $1', [dto.newsId]);
    if (!news.length) throw DomainException.notFound('新闻不存在或已被删除');
    const users: Array<{ id: number }> = await this.db.query('SELECT id FROM sys_user WHERE id = ANY($1::int[]) AND enabled', [recipients]);
    if (users.length !== recipients.length) throw DomainException.badRequest('接收人不存在', ErrorCode.Validation);
    const created: Array<{ id: string }> = await this.db.query(
      `INSERT INTO news_suggest (news_id, news_title, news_title_cn, from_id, to_id, content)
       SELECT n.id, COALESCE($2, n.title), COALESCE($3, n.title_cn), $4, r.to_id, $5
       FROM news n CROSS JOIN unnest($6::int[]) WITH ORDINALITY AS r(to_id, ord) WHERE n.id = $1 ORDER BY r.ord
       RETURNING id`,
      [dto.newsId, dto.newsTitle ?? null, dto.newsTitleCn ?? null, fromId, dto.content ?? null, recipients],
    );
    if (!created.length) throw DomainException.notFound('新闻不存在或已被删除');
    const rows: ShareRow[] = await this.db.query(`${SELECT} ${FROM} WHERE s.id = ANY($1::bigint[]) ORDER BY s.id`, [created.map((c) => c.id)]);
    for (const r of rows) {
      if (r.toId === fromId) continue;
      const note = r.content ? html`：${clip(r.content, 100)}` : '';
      this.notices.toUser(r.toId, {
        msgType: 'INFO',
        type: 'share',
        title: '收到分享',
        msg: html`${r.fromNickName || r.fromUsername} 分享了新闻《${clip(r.newsTitleCn || r.newsTitle, 80)}》` + note,
        newsId: String(r.newsId),
      });
    }
    return rows.map(toShareDto);
  }

  async list(userId: number, q: ShareQuery): Promise<Page<ShareDto>> {
    if ((q.fromId !== undefined && q.fromId !== userId) || (q.toId !== undefined && q.toId !== userId)) {
      throw DomainException.forbidden('只能查看自己发出或收到的分享');
    }
    const params: unknown[] = [userId];
    const conditions: string[] = [];
    if (q.fromId !== undefined) conditions.push('s.from_id = $1');
    if (q.toId !== undefined) conditions.push('s.to_id = $1');
    if (!conditions.length) conditions.push('(s.from_id = $1 OR s.to_id = $1)');
    if (q.title) {
      params.push(likePattern(q.title));
      const p = `$${params.length}`;
      conditions.push(`(s.news_title ILIKE ${p} OR s.news_title_cn ILIKE ${p} OR n.title ILIKE ${p} OR n.title_cn ILIKE ${p})`);
    }
    const where = conditions.join(' AND ');
    const countParams = [...params];
    const size = q.size ?? SHARE_PAGE_SIZE;
    params.push(size, (q.page ?? 0) * size);
    const [rows, count] = await Promise.all([
      this.db.query(`${SELECT} ${FROM} WHERE ${where} ORDER BY s.create_time DESC, s.id DESC LIMIT $${params.length - 1} OFFSET $${params.length}`, params) as Promise<ShareRow[]>,
      this.db.query(`SELECT count(*)::int AS n ${FROM} WHERE ${where}`, countParams) as Promise<Array<{ n: number }>>,
    ]);
    return page(rows.map(toShareDto), count[0].n);
  }

  /** One share, for its sender or recipient; 404 with the spec's message when its news was deleted. */
  async get(userId: number, id: number): Promise<ShareDto> {
    const rows: ShareRow[] = await this.db.query(`${SELECT} ${FROM} WHERE s.id = $1`, [id]);
    if (!rows.length) throw DomainException.notFound(`分享不存在: id is ${id}`);
    const row = rows[0];
    if (row.fromId !== userId && row.toId !== userId) throw DomainException.forbidden('只能查看自己发出或收到的分享');
    if (row.newsDeleted) throw DomainException.notFound('该分享的新闻已被删除');
    return toShareDto(row);
  }

  /**
   * `PUT`: the sender edits the note. The recipient → 403 (they see the share but did not write it);
   * anyone else, or an unknown id → 404 (a share they cannot see does not exist for them). One
   * conditional UPDATE; a read only picks the refusal.
   */
  async edit(userId: number, dto: ShareEditDto): Promise<void> {
    const updated: unknown[] = await this.db.query('WITH u AS (UPDATE news_suggest SET content = $3 WHERE id = $1 AND from_id = $2 RETURNING id) SELECT id FROM u', [
      dto.id,
      userId,
      dto.content,
    ]);
    if (updated.length) return;
    const rows: Array<{ toId: number }> = await this.db.query('SELECT to_id AS "toId" FROM news_suggest WHERE id = $1', [dto.id]);
    if (rows[0]?.toId === userId) throw DomainException.forbidden('只能修改自己发出的分享');
    throw DomainException.notFound(`分享不存在: id is ${dto.id}`);
  }

  /** Deletes shares the caller sent or received; any other id → 404 and nothing deleted. */
  async delete(userId: number, ids: number[]): Promise<void> {
    await this.db.transaction(async (em) => {
      // TypeORM answers DELETE with [rows, affected count].
      const [, affected] = (await em.query('DELETE FROM news_suggest WHERE id = ANY($1::bigint[]) AND (from_id = $2 OR to_id = $2)', [ids, userId])) as [unknown[], number];
      if (affected !== ids.length) throw DomainException.notFound('所选分享不存在或已被删除');
    });
  }
}
