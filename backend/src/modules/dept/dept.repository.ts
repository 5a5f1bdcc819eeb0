import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, type EntityManager, In, type SelectQueryBuilder } from 'typeorm';
import { deptWithDescendants } from '../../common/access/data-scope.js';
import { EXPORT_MAX_ROWS } from '../../common/http/export.js';
import { likePattern, parseSort, type SortOrder } from '../../common/http/list-query.js';
import type { DeptQuery } from './dept.dto.js';
import { Dept } from './dept.entity.js';

/** Sortable fields of the dept list (`sort=` on the wire) and the default order. */
export const DEPT_SORT = { id: 'd.id', name: 'd.name', deptSort: 'd.deptSort', enabled: 'd.enabled', createTime: 'd.createTime', updateTime: 'd.updateTime' };
export const DEPT_DEFAULT_SORT = ['deptSort,asc'];

const distinct = (ids: Array<number | null>): number[] => [...new Set(ids.filter((id): id is number => id != null))];

/**
 * Every query of the dept module (`sys_dept`; the counts of what still references a department);
 * DeptService holds the rules. `scope` arguments are the caller's data scope (null = all), a filter
 * of the list queries. Writes take the `EntityManager` of a `transaction(...)`.
 */
@Injectable()
export class DeptRepository {
  constructor(@InjectDataSource() private readonly db: DataSource) {}

  private get repo() {
    return this.db.getRepository(Dept);
  }

  /** Runs `work` in one transaction; its `em` goes to the methods below. */
  transaction<T>(work: (em: EntityManager) => Promise<T>): Promise<T> {
    return this.db.transaction(work);
  }

  findById(id: number, em: EntityManager = this.db.manager): Promise<Dept | null> {
    return em.findOneBy(Dept, { id });
  }

  findByIds(ids: number[], em: EntityManager = this.db.manager): Promise<Dept[]> {
    return em.findBy(Dept, { id: In(ids) });
  }

  /** Query limited to the data scope (a non-empty list, or null = all). */
  private scoped(scope: readonly number[] | null): SelectQueryBuilder<Dept> {
    const qb = this.repo.createQueryBuilder('d');
    if (scope) qb.andWhere('d.id IN (:...scope)', { scope });
    return qb;
  }

  private applyFilters(qb: SelectQueryBuilder<Dept>, q: DeptQuery): SelectQueryBuilder<Dept> {
    if (q.name) qb.andWhere('d.name ILIKE :name', { name: likePattern(q.name) });
    if (q.enabled !== undefined) qb.andWhere('d.enabled = :enabled', { enabled: q.enabled });
    if (q.pid !== undefined) {
      if (q.pid === 0) qb.andWhere('d.pid IS NULL');
      else qb.andWhere('d.pid = :pid', { pid: q.pid });
    }
    if (q.pidIsNull) qb.andWhere('d.pid IS NULL');
    if (q.createTime) qb.andWhere('d.createTime BETWEEN :from AND :to', { from: q.createTime[0], to: q.createTime[1] });
    return qb;
  }

  private ordered(qb: SelectQueryBuilder<Dept>, orders: SortOrder[] = parseSort(undefined, DEPT_SORT, DEPT_DEFAULT_SORT)): SelectQueryBuilder<Dept> {
    orders.forEach((o, i) => (i === 0 ? qb.orderBy(o.expr, o.dir) : qb.addOrderBy(o.expr, o.dir)));
    if (!orders.some((o) => o.expr === DEPT_SORT.id)) qb.addOrderBy(DEPT_SORT.id, 'ASC');
    return qb;
  }

  /** The filtered depts of the scope in `orders`; `topOnly` keeps the top level only. Unpaged. */
  list(scope: readonly number[] | null, q: DeptQuery, orders: SortOrder[], topOnly: boolean): Promise<Dept[]> {
    const qb = this.applyFilters(this.scoped(scope), q);
    if (topOnly) qb.andWhere('d.pid IS NULL');
    return this.ordered(qb, orders).getMany();
  }

  /** Every dept of the scope (optionally only enabled or disabled ones), in the default order. */
  tree(scope: readonly number[] | null, enabled?: boolean): Promise<Dept[]> {
    const qb = this.scoped(scope);
    if (enabled !== undefined) qb.andWhere('d.enabled = :enabled', { enabled });
    return this.ordered(qb).getMany();
  }

  /** Enabled children of `pid` (null = the top level), unscoped, in the default order. */
  enabledChildren(pid: number | null): Promise<Dept[]> {
    const qb = this.repo.createQueryBuilder('d').where('d.enabled = true');
    if (pid) qb.andWhere('d.pid = :pid', { pid });
    else qb.andWhere('d.pid IS NULL');
    return this.ordered(qb).getMany();
  }

  /** Every enabled dept, unscoped, in the default order. */
  enabled(): Promise<Dept[]> {
    return this.ordered(this.repo.createQueryBuilder('d').where('d.enabled = true')).getMany();
  }

  /** Ids of the siblings of the depts and of each of their ancestors (the top level included). */
  async siblingsUp(ids: number[]): Promise<number[]> {
    const rows: Array<{ id: number }> = await this.db.query(
      `WITH RECURSIVE up AS (
         SELECT id, pid FROM sys_dept WHERE id = ANY($1::int[])
         UNION
         SELECT d.id, d.pid FROM sys_dept d JOIN up ON d.id = up.pid
       )
       SELECT DISTINCT s.id FROM up JOIN sys_dept s ON s.pid IS NOT DISTINCT FROM up.pid`,
      [ids],
    );
    return rows.map((r) => r.id);
  }

  /** The depts with these ids (non-empty), in the default order. */
  findOrdered(wanted: number[]): Promise<Dept[]> {
    return this.ordered(this.repo.createQueryBuilder('d').where('d.id IN (:...wanted)', { wanted })).getMany();
  }

  /** The filtered depts of the scope for the export, by deptSort then id, at most EXPORT_MAX_ROWS. */
  exportRows(scope: readonly number[] | null, q: DeptQuery): Promise<Dept[]> {
    return this.applyFilters(this.scoped(scope), q).orderBy('d.deptSort', 'ASC').addOrderBy('d.id', 'ASC').take(EXPORT_MAX_ROWS).getMany();
  }

  /** Ids of the depts plus all their descendants (enabled or not). */
  descendants(ids: number[], em: DataSource | EntityManager = this.db): Promise<number[]> {
    return deptWithDescendants(em, ids, false);
  }

  /** Locks the rows (in id order, against concurrent subCount updates) and returns the ids that exist. */
  async lock(em: EntityManager, ids: Array<number | null>): Promise<Set<number>> {
    const list = distinct(ids);
    if (!list.length) return new Set();
    const rows: Array<{ id: number }> = await em.query('SELECT id FROM sys_dept WHERE id = ANY($1::int[]) ORDER BY id FOR UPDATE', [list]);
    return new Set(rows.map((r) => r.id));
  }

  /** Recomputes subCount of the given depts from their children. */
  async recount(em: EntityManager, ids: Array<number | null>): Promise<void> {
    const list = distinct(ids);
    if (!list.length) return;
    await em.query('UPDATE sys_dept d SET sub_count = (SELECT count(*) FROM sys_dept c WHERE c.pid = d.id) WHERE d.id = ANY($1::int[])', [list]);
  }

  insert(values: Partial<Dept>, em: EntityManager = this.db.manager): Promise<Dept> {
    return em.save(em.create(Dept, values));
  }

  save(dept: Dept, em: EntityManager = this.db.manager): Promise<Dept> {
    return em.save(dept);
  }

  /** How many users belong to any of the depts. */
  async countUsers(all: number[], em: EntityManager = this.db.manager): Promise<number> {
    const [{ users }]: Array<{ users: number }> = await em.query('SELECT count(*)::int AS users FROM sys_user WHERE dept_id = ANY($1::int[])', [all]);
    return users;
  }

  /** How many role links (custom data scopes) name any of the depts. */
  async countRoleLinks(all: number[], em: EntityManager = this.db.manager): Promise<number> {
    const [{ roles }]: Array<{ roles: number }> = await em.query('SELECT count(*)::int AS roles FROM sys_roles_depts WHERE dept_id = ANY($1::int[])', [all]);
    return roles;
  }

  /** How many products (their unit) and manuscripts (their submitting department) name any of the depts. */
  async countWork(all: number[], em: EntityManager = this.db.manager): Promise<number> {
    const [{ work }]: Array<{ work: number }> = await em.query(
      'SELECT (SELECT count(*) FROM product_setting WHERE dept_id = ANY($1::int[])) + (SELECT count(*) FROM manuscript WHERE dept_id = ANY($1::int[]))::int AS work',
      [all],
    );
    return Number(work);
  }

  /** Parents of the depts that are not among them. */
  async outsideParents(all: number[], em: EntityManager = this.db.manager): Promise<number[]> {
    const parents: Array<{ pid: number }> = await em.query(
      'SELECT DISTINCT pid FROM sys_dept WHERE id = ANY($1::int[]) AND pid IS NOT NULL AND NOT (pid = ANY($1::int[]))',
      [all],
    );
    return parents.map((p) => p.pid);
  }

  async delete(all: number[], em: EntityManager = this.db.manager): Promise<void> {
    await em.delete(Dept, { id: In(all) });
  }
}
