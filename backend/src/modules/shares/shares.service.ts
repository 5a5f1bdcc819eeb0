import { Injectable } from '@nestjs/common';
import { record } from '../../common/access/ability.js';
import type { Principal } from '../../common/auth/principal.js';
import { DomainException, ErrorCode } from '../../common/errors/domain.exception.js';
import { likePattern, page, type Page } from '../../common/http/list-query.js';
import { clip, html, NoticeService } from '../realtime/index.js';
import { SHARE } from './share.policy.js';
import { type ShareRow, SharesRepository } from './shares.repository.js';
import { SHARE_PAGE_SIZE, type ShareAddDto, type ShareDto, type ShareEditDto, type ShareQuery } from './share.dto.js';

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
    private readonly shares: SharesRepository,
    private readonly notices: NoticeService,
  ) {}

  /** One record per recipient; the sender is always the caller. */
  async add(fromId: number, dto: ShareAddDto): Promise<ShareDto[]> {
    const recipients = [...new Set([...(dto.toIds ?? []), ...(dto.toId !== undefined ? [dto.toId] : [])])];
    if (!recipients.length) throw DomainException.badRequest('请选择接收人', ErrorCode.Validation);
    if (!(await this.shares.newsExists(dto.newsId))) throw DomainException.notFound('新闻不存在或已被删除');
    if ((await this.shares.countEnabledUsers(recipients)) !== recipients.length) throw DomainException.badRequest('接收人不存在', ErrorCode.Validation);
    const created = await this.shares.insert(dto.newsId, dto.newsTitle ?? null, dto.newsTitleCn ?? null, fromId, dto.content ?? null, recipients);
    if (!created.length) throw DomainException.notFound('新闻不存在或已被删除');
    const rows = await this.shares.findByIds(created);
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

  /** The caller's shares; a `fromId` or `toId` filter must name the caller (share.policy.ts). */
  async list(me: Principal, q: ShareQuery): Promise<Page<ShareDto>> {
    const mayRead = (fields: { fromId: number } | { toId: number }) => me.ability.can('read', record(SHARE, fields));
    if ((q.fromId !== undefined && !mayRead({ fromId: q.fromId })) || (q.toId !== undefined && !mayRead({ toId: q.toId }))) {
      throw DomainException.forbidden('只能查看自己发出或收到的分享');
    }
    const size = q.size ?? SHARE_PAGE_SIZE;
    const [rows, total] = await this.shares.page(me.userId, {
      sent: q.fromId !== undefined,
      received: q.toId !== undefined,
      like: q.title ? likePattern(q.title) : undefined,
      size,
      offset: (q.page ?? 0) * size,
    });
    return page(rows.map(toShareDto), total);
  }

  /** One share, for its sender or recipient; 404 with the spec's message when its news was deleted. */
  async get(me: Principal, id: number): Promise<ShareDto> {
    const row = await this.shares.findById(id);
    if (!row) throw DomainException.notFound(`分享不存在: id is ${id}`);
    if (!me.ability.can('read', record(SHARE, { fromId: row.fromId, toId: row.toId }))) throw DomainException.forbidden('只能查看自己发出或收到的分享');
    if (row.newsDeleted) throw DomainException.notFound('该分享的新闻已被删除');
    return toShareDto(row);
  }

  /**
   * `PUT`: the sender edits the note. The recipient → 403 (they see the share but did not write it);
   * anyone else, or an unknown id → 404 (a share they cannot see does not exist for them). One
   * conditional UPDATE; a read only picks the refusal.
   */
  async edit(me: Principal, dto: ShareEditDto): Promise<void> {
    if (await this.shares.updateContentOfSender(dto.id, me.userId, dto.content)) return;
    const row = await this.shares.recipientOf(dto.id);
    if (row && me.ability.can('read', record(SHARE, { toId: row.toId }))) throw DomainException.forbidden('只能修改自己发出的分享');
    throw DomainException.notFound(`分享不存在: id is ${dto.id}`);
  }

  /** Deletes shares the caller sent or received; any other id → 404 and nothing deleted. */
  async delete(userId: number, ids: number[]): Promise<void> {
    await this.shares.transaction(async (em) => {
      const affected = await this.shares.deleteOfUser(ids, userId, em);
      if (affected !== ids.length) throw DomainException.notFound('所选分享不存在或已被删除');
    });
  }
}
