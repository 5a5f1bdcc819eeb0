import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import type { Principal } from '../../common/auth/principal.js';
import { DomainException } from '../../common/errors/domain.exception.js';
import { htmlToText } from '../../common/text/html-to-text.js';
import {
  AUTO_ABSTRACT_CHARS,
  type BatchResultDto,
  MANUSCRIPT_MESSAGES,
  type ManuscriptDto,
  NEWS_NOT_REVIEWED,
  type SubmitManyDto,
  type SubmitOneDto,
} from './manuscript.dto.js';
import { ManuscriptStore, type NewManuscript } from './manuscript.store.js';

/** A news item as a department submits it: its reviewed translation and the department's title and abstract. */
export interface SubmittableNews {
  id: string;
  title: string;
  titleCn: string | null;
  deptTitleCn: string | null;
  isProcessed: string | null;
  contentTrans: string | null;
  abstracts: string | null;
  /** The news country as a `country` dictionary value, when it names one. */
  country: string | null;
}

/** The department's Chinese title, else the item's Chinese title, else its original title. */
export const submissionTitle = (n: Pick<SubmittableNews, 'title' | 'titleCn' | 'deptTitleCn'>): string =>
  (n.deptTitleCn?.trim() || n.titleCn?.trim() || n.title).slice(0, 500);

/** A batch item's abstract: the department's abstract, else the start of the translation as plain text (≤ 300 characters). */
export function autoAbstract(n: Pick<SubmittableNews, 'abstracts' | 'contentTrans'>): string | null {
  if (n.abstracts?.trim()) return n.abstracts.trim();
  const text = htmlToText(n.contentTrans ?? '')
    .replace(/\s+/g, ' ')
    .trim();
  return text ? [...text].slice(0, AUTO_ABSTRACT_CHARS).join('') : null;
}

/**
 * Submission from the news area (news-tracking §2 "Submission dialog", §4, §6 `news:push`): only items
 * reviewed (`is_processed = 'done'`) in the caller's work department, whose reviewed translation
 * becomes the manuscript's text. Identity (submitter, department) comes from the session.
 */
@Injectable()
export class SubmissionService {
  constructor(private readonly store: ManuscriptStore) {}

  /**
   * The items in the requested order, their department rows locked against a concurrent change of
   * state; 404 for an unknown id, 409 NEWS_NOT_REVIEWED naming the first item not reviewed.
   */
  private async reviewed(em: EntityManager, newsIds: number[], deptId: number, batch: boolean): Promise<SubmittableNews[]> {
    const news = await this.store.repo.submittableNews(em, newsIds);
    const depts = await this.store.repo.submittableDeptRows(em, newsIds, deptId);
    const byId = new Map(news.map((n) => [Number(n.id), n]));
    const deptById = new Map(depts.map((d) => [Number(d.newsId), d]));
    const items: SubmittableNews[] = [];
    for (const id of newsIds) {
      const n = byId.get(id);
      if (!n) throw DomainException.notFound(MANUSCRIPT_MESSAGES.newsNotFound);
      const d = deptById.get(id);
      items.push({
        id: n.id,
        title: n.title,
        titleCn: n.titleCn,
        country: n.country,
        deptTitleCn: d?.deptTitleCn ?? null,
        isProcessed: d?.isProcessed ?? null,
        contentTrans: d?.contentTrans ?? null,
        abstracts: d?.abstracts ?? null,
      });
    }
    const first = items.find((i) => i.isProcessed !== 'done');
    if (first) {
      const message = batch ? `${MANUSCRIPT_MESSAGES.notReviewed}：《${submissionTitle(first)}》未审核` : MANUSCRIPT_MESSAGES.notReviewed;
      throw DomainException.conflict(message, NEWS_NOT_REVIEWED);
    }
    return items;
  }

  /** `oneToMany`: one reviewed item → one manuscript in the chosen columns of a product. */
  async oneToMany(dto: SubmitOneDto, user: Principal): Promise<ManuscriptDto> {
    const deptId = this.store.submitDept(user, dto.deptId);
    const id = await this.store.repo.transaction(async (em) => {
      const columnIds = await this.store.checkTarget(dto.productId, dto.productList, em);
      await this.store.checkAuthors(dto.authorIds, em);
      const [item] = await this.reviewed(em, [dto.newsId], deptId, false);
      const manuscript: NewManuscript = {
        title: dto.title || submissionTitle(item),
        content: item.contentTrans,
        abstracts: dto.abstracts,
        memo: dto.memo || null,
        contentType: null,
        domainType: null,
        country: item.country,
        firstAuthor: dto.firstAuthor,
        authorIds: dto.authorIds,
        newsId: Number(item.id),
        fileId: null,
      };
      const [created] = await this.store.insertMany(em, [manuscript], { productId: dto.productId, columnIds, deptId }, user);
      return created;
    });
    return this.store.dto(id);
  }

  /** `manyToMany`: every item with the same columns and memo; all or nothing. */
  async manyToMany(dto: SubmitManyDto, user: Principal): Promise<BatchResultDto> {
    const deptId = this.store.submitDept(user, dto.deptId);
    const newsIds = [...new Set(dto.newsIds)];
    const ids = await this.store.repo.transaction(async (em) => {
      const columnIds = await this.store.checkTarget(dto.productId, dto.productList, em);
      await this.store.checkAuthors(dto.authorIds, em);
      const items = await this.reviewed(em, newsIds, deptId, true);
      return this.store.insertMany(
        em,
        items.map((item) => ({
          title: submissionTitle(item),
          content: item.contentTrans,
          abstracts: autoAbstract(item),
          memo: dto.memo || null,
          contentType: null,
          domainType: null,
          country: item.country,
          firstAuthor: dto.firstAuthor,
          authorIds: dto.authorIds,
          newsId: Number(item.id),
          fileId: null,
        })),
        { productId: dto.productId, columnIds, deptId },
        user,
      );
    });
    return { count: ids.length, ids };
  }
}
