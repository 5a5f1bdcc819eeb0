import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource } from 'typeorm';
import { applyListQuery, likePattern, type PagedQuery, type SortMap } from '../../common/http/list-query.js';
import { NewsWebsite } from './news.entity.js';

/** The source websites (`news_website`), for other modules (interests lists them with subscriptions). */
@Injectable()
export class NewsWebsites {
  constructor(@InjectDataSource() private readonly db: DataSource) {}

  /** A page of websites (`name` matches name or url), sorted by `sort` (alias `w`), and the total. */
  page(q: PagedQuery, name: string | undefined, sort: SortMap): Promise<[NewsWebsite[], number]> {
    const qb = this.db.getRepository(NewsWebsite).createQueryBuilder('w');
    if (name) qb.andWhere('(w.name ILIKE :name OR w.url ILIKE :name)', { name: likePattern(name) });
    return applyListQuery(qb, q, sort, ['id,asc']).getManyAndCount();
  }
}
