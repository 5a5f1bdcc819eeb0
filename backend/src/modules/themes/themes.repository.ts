import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, In } from 'typeorm';
import { applyListQuery, likePattern } from '../../common/http/list-query.js';
import type { ThemeQuery } from './theme.dto.js';
import { NewsTheme } from './theme.entity.js';

const SORT = { id: 't.id', title: 't.title', seq: 't.seq', createTime: 't.createTime', updateTime: 't.updateTime' };

/** Every query of the themes module (`news_theme`); ThemesService holds the rules. */
@Injectable()
export class ThemesRepository {
  constructor(@InjectDataSource() private readonly db: DataSource) {}

  private get repo() {
    return this.db.getRepository(NewsTheme);
  }

  /** Every theme, by seq then id. */
  findAll(): Promise<NewsTheme[]> {
    return this.repo.find({ order: { seq: 'ASC', id: 'ASC' } });
  }

  /** A page of the themes (`title` contains) and the total (default order seq,asc). */
  page(q: ThemeQuery): Promise<[NewsTheme[], number]> {
    const qb = this.repo.createQueryBuilder('t');
    if (q.title) qb.andWhere('t.title ILIKE :title', { title: likePattern(q.title) });
    return applyListQuery(qb, q, SORT, ['seq,asc']).getManyAndCount();
  }

  findByTitle(title: string): Promise<NewsTheme | null> {
    return this.repo.findOneBy({ title });
  }

  findById(id: number): Promise<NewsTheme | null> {
    return this.repo.findOneBy({ id });
  }

  insert(values: Partial<NewsTheme>): Promise<NewsTheme> {
    return this.repo.save(this.repo.create(values));
  }

  save(theme: NewsTheme): Promise<NewsTheme> {
    return this.repo.save(theme);
  }

  /** Deletes the themes; the number of rows deleted. */
  async delete(ids: number[]): Promise<number> {
    const result = await this.repo.delete({ id: In(ids) });
    return result.affected ?? 0;
  }

  /**
   * In one transaction: reads which titles exist, lets `pick` choose the new themes from them, and
   * inserts those; the inserted rows.
   */
  insertNew(titles: string[], pick: (existing: Set<string>) => Array<Partial<NewsTheme>>): Promise<NewsTheme[]> {
    return this.db.transaction(async (em) => {
      const existing = new Set((await em.findBy(NewsTheme, { title: In(titles) })).map((t) => t.title));
      const fresh = pick(existing).map((values) => em.create(NewsTheme, values));
      return fresh.length ? await em.save(fresh) : [];
    });
  }
}
