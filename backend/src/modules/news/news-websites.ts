import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { type DataSource, type EntityManager, In } from 'typeorm';
import { applyListQuery, likePattern, type PagedQuery, type SortMap } from '../../common/http/list-query.js';
import { NewsWebsite } from './news.entity.js';

/** The fields of a website other modules write (docs/collect-design.md §1: the collect module's sources, the exchange import). */
export interface WebsiteFields {
  name: string;
  url: string;
  language?: string | null;
  country?: string | null;
}

/**
 * The source websites (`news_website`), for other modules: interests lists them with subscriptions;
 * the collect module keeps one per source (same id = the news `webId`) and writes them here, in its
 * own transaction (`em`); the exchange import ensures them by url.
 */
@Injectable()
export class NewsWebsites {
  constructor(@InjectDataSource() private readonly db: DataSource) {}

  /** A page of websites (`name` matches name or url), sorted by `sort` (alias `w`), and the total. */
  page(q: PagedQuery, name: string | undefined, sort: SortMap): Promise<[NewsWebsite[], number]> {
    const qb = this.db.getRepository(NewsWebsite).createQueryBuilder('w');
    if (name) qb.andWhere('(w.name ILIKE :name OR w.url ILIKE :name)', { name: likePattern(name) });
    return applyListQuery(qb, q, sort, ['id,asc']).getManyAndCount();
  }

  /** The website with this url (exact), if any. */
  findByUrl(url: string, em: EntityManager = this.db.manager): Promise<NewsWebsite | null> {
    return em.findOneBy(NewsWebsite, { url });
  }

  /** Inserts a website; its id. A url already present fails on the unique index (the caller checks first). */
  async create(em: EntityManager, fields: WebsiteFields): Promise<number> {
    const saved = await em.save(em.create(NewsWebsite, { name: fields.name, url: fields.url, language: fields.language ?? null, country: fields.country ?? null }));
    return saved.id;
  }

  /** Changes the given fields of a website (undefined = unchanged); false when it does not exist. */
  async update(em: EntityManager, id: number, fields: Partial<WebsiteFields>): Promise<boolean> {
    const set = Object.fromEntries(Object.entries(fields).filter(([, v]) => v !== undefined));
    if (!Object.keys(set).length) return (await em.countBy(NewsWebsite, { id })) > 0;
    const result = await em.update(NewsWebsite, { id }, set);
    return (result.affected ?? 0) > 0;
  }

  /**
   * Deletes websites (their collection settings go with them, ON DELETE CASCADE). Their news items
   * stay, with `web_id` and `web_name` as they were (docs/collect-design.md §7 "DELETE … force").
   */
  async remove(em: EntityManager, ids: number[]): Promise<number[]> {
    if (!ids.length) return [];
    const rows: Array<{ id: number }> = await em.query('WITH d AS (DELETE FROM news_website WHERE id = ANY($1::int[]) RETURNING id) SELECT id FROM d ORDER BY id', [ids]);
    return rows.map((r) => r.id);
  }

  /** The website of this url, created when missing (exchange import: no collection settings); its id. */
  async ensure(em: EntityManager, fields: WebsiteFields): Promise<number> {
    await em.query('INSERT INTO news_website (name, url, language, country) VALUES ($1, $2, $3, $4) ON CONFLICT (url) DO NOTHING', [
      fields.name,
      fields.url,
      fields.language ?? null,
      fields.country ?? null,
    ]);
    const row = await em.findOneByOrFail(NewsWebsite, { url: fields.url });
    return row.id;
  }

  /** Of these website ids, those that have news items (a source with news is disabled, not deleted). */
  async withNews(ids: number[], em: EntityManager = this.db.manager): Promise<number[]> {
    if (!ids.length) return [];
    const rows: Array<{ id: number }> = await em.query(
      'SELECT w.id FROM unnest($1::int[]) AS w(id) WHERE EXISTS (SELECT 1 FROM news n WHERE n.web_id = w.id)',
      [ids],
    );
    return rows.map((r) => r.id);
  }

  /** The websites of these ids (missing ones left out), by id. */
  findByIds(ids: number[]): Promise<NewsWebsite[]> {
    if (!ids.length) return Promise.resolve([]);
    return this.db.getRepository(NewsWebsite).find({ where: { id: In(ids) }, order: { id: 'ASC' } });
  }
}
