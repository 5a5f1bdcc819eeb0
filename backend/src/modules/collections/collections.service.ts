import { Injectable, type OnModuleInit } from '@nestjs/common';
import { record } from '../../common/access/ability.js';
import type { Principal } from '../../common/auth/principal.js';
import { RemovalHooks } from '../../common/database/removal-hooks.js';
import { DomainException, ErrorCode } from '../../common/errors/domain.exception.js';
import { DEFAULT_PAGE_SIZE, likePattern, page, type Page } from '../../common/http/list-query.js';
import { searchQuery } from '../news/index.js';
import { COLLECTION } from './collection.policy.js';
import { type CollectRow, CollectionsRepository } from './collections.repository.js';
import { COLLECT_SORTS, type CollectAddDto, type CollectDto, type CollectedNewsDto, type CollectEditDto, type CollectQuery, type CollectSort } from './collection.dto.js';

const NEWS_GONE = '新闻不存在或已被删除';

const toCollectDto = (r: CollectRow): CollectDto => ({ ...r, id: Number(r.id), newsId: Number(r.newsId) });

function parseCollectSort(sort: string[] | undefined): CollectSort {
  if (!sort?.length) return 'dateDesc';
  if (sort.length > 1) throw DomainException.badRequest('只能按一种方式排序', ErrorCode.Validation);
  const value = sort[0].trim();
  if (!(COLLECT_SORTS as readonly string[]).includes(value)) throw DomainException.badRequest(`不支持的排序方式: ${value}`, ErrorCode.Validation);
  return value as CollectSort;
}

@Injectable()
export class CollectionsService implements OnModuleInit {
  constructor(
    private readonly collections: CollectionsRepository,
    private readonly removal: RemovalHooks,
  ) {}

  /** A deleted news item leaves no collection behind (in the news module's delete transaction). */
  onModuleInit(): void {
    this.removal.register('news', (em, newsIds) => this.collections.deleteOfNews(em, newsIds.map(String)));
  }

  async add(userId: number, dto: CollectAddDto): Promise<CollectDto> {
    // One statement: nothing is inserted for an unknown news item, a repeated add inserts nothing.
    const row = await this.collections.add(dto.newsId, userId, dto.newsTitle ?? null, dto.newsTitleCn ?? null);
    if (!row) throw DomainException.notFound(NEWS_GONE);
    return toCollectDto(row);
  }

  async list(userId: number, q: CollectQuery): Promise<Page<CollectedNewsDto>> {
    const sort = parseCollectSort(q.sort);
    const tsquery = sort.startsWith('score') && q.title ? searchQuery(q.title, 'or') : null;
    const size = q.size ?? DEFAULT_PAGE_SIZE;
    const [rows, total] = await this.collections.page(userId, q.title ? likePattern(q.title) : undefined, sort, tsquery, size, (q.page ?? 0) * size);
    return page(
      rows.map((r) => ({ ...r, id: Number(r.id), newsId: Number(r.newsId) })),
      total,
    );
  }

  async update(userId: number, dto: CollectEditDto): Promise<void> {
    const affected = await this.collections.update(dto.id, userId, { newsTitle: dto.newsTitle, newsTitleCn: dto.newsTitleCn });
    if (!affected) throw DomainException.notFound(`收藏不存在: id is ${dto.id}`);
  }

  /** Un-collects for the caller (idempotent); a `userId` naming someone else is refused (only one's own: collection.policy.ts). */
  async removeByNews(me: Principal, newsId: number, userId = me.userId): Promise<void> {
    if (!me.ability.can('delete', record(COLLECTION, { userId }))) throw DomainException.forbidden('只能取消自己的收藏');
    await this.collections.removeByNews(newsId, userId);
  }

  /** Deletes the caller's collection rows; any id that is not the caller's → 404 and nothing deleted. */
  async delete(userId: number, ids: number[]): Promise<void> {
    await this.collections.transaction(async (em) => {
      const affected = await this.collections.deleteOwn(userId, ids, em);
      if (affected !== ids.length) throw DomainException.notFound('所选收藏不存在或已被删除');
    });
  }
}
