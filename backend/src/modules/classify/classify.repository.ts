import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, type EntityManager, In } from 'typeorm';
import { CLASSIFY_ROOT_ID, NewsClassify } from './classify.entity.js';

/** Every query of the classify module (`news_classify`); ClassifyService holds the rules. Writes take the `EntityManager` of a `transaction(...)`. */
@Injectable()
export class ClassifyRepository {
  constructor(@InjectDataSource() private readonly db: DataSource) {}

  private get repo() {
    return this.db.getRepository(NewsClassify);
  }

  /** Runs `work` in one transaction; its `em` goes to the methods below. */
  transaction<T>(work: (em: EntityManager) => Promise<T>): Promise<T> {
    return this.db.transaction(work);
  }

  /** Every class by seq then id; with `enabled` only those matching it, and always the root. */
  sorted(enabled?: boolean): Promise<NewsClassify[]> {
    const qb = this.repo.createQueryBuilder('c').orderBy('c.seq', 'ASC').addOrderBy('c.id', 'ASC');
    // The root is always there, whatever the filter: the drawer hangs everything under it.
    if (enabled !== undefined) qb.where('(c.enabled = :enabled OR c.id = :root)', { enabled, root: CLASSIFY_ROOT_ID });
    return qb.getMany();
  }

  /**
   * Serialises the writes of the tree (create, move, delete) for the rest of `em`'s transaction;
   * reads go on. Without it two crossing moves (A under B, B under A) could each pass the cycle
   * check and together cut a branch off the root.
   */
  async lockTree(em: EntityManager): Promise<void> {
    await em.query('LOCK TABLE news_classify IN SHARE ROW EXCLUSIVE MODE');
  }

  /** Every class and its parent (the tree held in memory by ClassifyService). */
  parentLinks(): Promise<Array<{ id: number; pid: number | null }>> {
    return this.db.query('SELECT id, pid FROM news_classify');
  }

  /** The given ids that exist plus all their descendants, by id. */
  async descendantIds(ids: number[], em: DataSource | EntityManager = this.db): Promise<number[]> {
    const rows: Array<{ id: number }> = await em.query(
      `WITH RECURSIVE down AS (
         SELECT id FROM news_classify WHERE id = ANY($1::int[])
         UNION
         SELECT c.id FROM news_classify c JOIN down ON c.pid = down.id
       )
       SELECT id FROM down ORDER BY id`,
      [ids],
    );
    return rows.map((r) => r.id);
  }

  findByCode(code: string, em: EntityManager = this.db.manager): Promise<NewsClassify | null> {
    return em.findOneBy(NewsClassify, { code });
  }

  /** The given ids that exist and have no children. */
  async leafIds(ids: number[]): Promise<number[]> {
    const rows: Array<{ id: number }> = await this.db.query(
      'SELECT c.id FROM news_classify c WHERE c.id = ANY($1::int[]) AND NOT EXISTS (SELECT 1 FROM news_classify k WHERE k.pid = c.id)',
      [ids],
    );
    return rows.map((r) => r.id);
  }

  /** How many of the ids exist. */
  countByIds(ids: number[]): Promise<number> {
    return this.repo.countBy({ id: In(ids) });
  }

  exists(id: number, em: EntityManager = this.db.manager): Promise<boolean> {
    return em.existsBy(NewsClassify, { id });
  }

  findById(id: number, em: EntityManager = this.db.manager): Promise<NewsClassify | null> {
    return em.findOneBy(NewsClassify, { id });
  }

  findByIds(ids: number[], em: EntityManager = this.db.manager): Promise<NewsClassify[]> {
    return em.findBy(NewsClassify, { id: In(ids) });
  }

  insert(values: Partial<NewsClassify>, em: EntityManager = this.db.manager): Promise<NewsClassify> {
    return em.save(em.create(NewsClassify, values));
  }

  async save(node: NewsClassify, em: EntityManager = this.db.manager): Promise<void> {
    await em.save(node);
  }

  async delete(ids: number[], em: EntityManager = this.db.manager): Promise<void> {
    await em.delete(NewsClassify, { id: In(ids) });
  }
}
