import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { Brackets, DataSource, type EntityManager, In, IsNull, type SelectQueryBuilder } from 'typeorm';
import { EXPORT_MAX_ROWS } from '../../common/http/export.js';
import { likePattern, parseSort, type SortOrder } from '../../common/http/list-query.js';
import type { MenuQuery } from './menu.dto.js';
import { Menu, type MenuModule, MenuType } from './menu.entity.js';

/** Sortable fields of the menu list (`sort=` on the wire) and the default order. */
export const MENU_SORT = { id: 'm.id', title: 'm.title', menuSort: 'm.menuSort', type: 'm.type', createTime: 'm.createTime', updateTime: 'm.updateTime' };
export const MENU_DEFAULT_SORT = ['menuSort,asc'];

const ids = (list: Array<number | null>): number[] => [...new Set(list.filter((id): id is number => id != null))];

/**
 * Every query of the menus module (`sys_menu`; the role links `build` reads); MenusService holds the
 * rules. Writes take the `EntityManager` of a `transaction(...)`.
 */
@Injectable()
export class MenusRepository {
  constructor(@InjectDataSource() private readonly db: DataSource) {}

  private get repo() {
    return this.db.getRepository(Menu);
  }

  /** Runs `work` in one transaction; its `em` goes to the methods below. */
  transaction<T>(work: (em: EntityManager) => Promise<T>): Promise<T> {
    return this.db.transaction(work);
  }

  /** Id and permission code of the menus with these ids. */
  findPermissions(ids: number[], em: EntityManager = this.db.manager): Promise<Array<Pick<Menu, 'id' | 'permission'>>> {
    return em.find(Menu, { where: { id: In(ids) }, select: { id: true, permission: true } });
  }

  private ordered(qb: SelectQueryBuilder<Menu>, orders: SortOrder[] = parseSort(undefined, MENU_SORT, MENU_DEFAULT_SORT)): SelectQueryBuilder<Menu> {
    orders.forEach((o, i) => (i === 0 ? qb.orderBy(o.expr, o.dir) : qb.addOrderBy(o.expr, o.dir)));
    if (!orders.some((o) => o.expr === MENU_SORT.id)) qb.addOrderBy(MENU_SORT.id, 'ASC');
    return qb;
  }

  /** The filters the list and the export share: `blurry` (title, component, permission), `pid` (0 = top level), `createTime`. */
  private filtered(q: MenuQuery): SelectQueryBuilder<Menu> {
    const qb = this.repo.createQueryBuilder('m');
    if (q.blurry) {
      const like = likePattern(q.blurry);
      qb.andWhere(new Brackets((w) => w.where('m.title ILIKE :like', { like }).orWhere('m.component ILIKE :like').orWhere('m.permission ILIKE :like')));
    }
    if (q.pid !== undefined) {
      if (q.pid === 0) qb.andWhere('m.pid IS NULL');
      else qb.andWhere('m.pid = :pid', { pid: q.pid });
    }
    if (q.createTime) qb.andWhere('m.createTime BETWEEN :from AND :to', { from: q.createTime[0], to: q.createTime[1] });
    return qb;
  }

  /** The filtered menus in `orders`; `topOnly` keeps the top level only. Unpaged. */
  list(q: MenuQuery, orders: SortOrder[], topOnly: boolean): Promise<Menu[]> {
    const qb = this.filtered(q);
    if (topOnly) qb.andWhere('m.pid IS NULL');
    return this.ordered(qb, orders).getMany();
  }

  /** The filtered menus for the export (`pidIsNull`: the top level only), in `orders`, at most EXPORT_MAX_ROWS. */
  exportRows(q: MenuQuery, orders: SortOrder[]): Promise<Menu[]> {
    const qb = this.filtered(q);
    if (q.pidIsNull) qb.andWhere('m.pid IS NULL');
    return this.ordered(qb, orders).take(EXPORT_MAX_ROWS).getMany();
  }

  /** Children of a menu (null = the top level), by menuSort then id. */
  children(pid: number | null): Promise<Menu[]> {
    return this.repo.find({ where: { pid: pid ? pid : IsNull() }, order: { menuSort: 'ASC', id: 'ASC' } });
  }

  /** Ids of the menus and all their descendants. */
  async descendants(rootIds: number[], em: DataSource | EntityManager = this.db): Promise<number[]> {
    if (!rootIds.length) return [];
    const rows: Array<{ id: number }> = await em.query(
      `WITH RECURSIVE tree AS (
         SELECT id FROM sys_menu WHERE id = ANY($1::int[])
         UNION
         SELECT m.id FROM sys_menu m JOIN tree t ON m.pid = t.id
       ) SELECT id FROM tree`,
      [rootIds],
    );
    return rows.map((r) => r.id);
  }

  exists(id: number): Promise<boolean> {
    return this.repo.existsBy({ id });
  }

  findByIds(menuIds: number[], em: EntityManager = this.db.manager): Promise<Menu[]> {
    return em.findBy(Menu, { id: In(menuIds) });
  }

  /** Ids of the siblings of the menus and of each of their ancestors (the top level included). */
  async siblingsUp(menuIds: number[]): Promise<number[]> {
    const rows: Array<{ id: number }> = await this.db.query(
      `WITH RECURSIVE up AS (
         SELECT id, pid FROM sys_menu WHERE id = ANY($1::int[])
         UNION
         SELECT m.id, m.pid FROM sys_menu m JOIN up ON m.id = up.pid
       )
       SELECT DISTINCT s.id FROM up JOIN sys_menu s ON s.pid IS NOT DISTINCT FROM up.pid`,
      [menuIds],
    );
    return rows.map((r) => r.id);
  }

  /** The menus with these ids (non-empty), in the default order. */
  findOrdered(wanted: number[]): Promise<Menu[]> {
    return this.ordered(this.repo.createQueryBuilder('m').where('m.id IN (:...wanted)', { wanted })).getMany();
  }

  /** Directories and menus (no buttons) in the default order; with `userId` only those of the user's roles. */
  routerMenus(userId: number | null): Promise<Menu[]> {
    const qb = this.repo.createQueryBuilder('m').where('m.type <> :button', { button: MenuType.Button });
    if (userId !== null) {
      qb.andWhere('m.id IN (SELECT rm.menu_id FROM sys_roles_menus rm JOIN sys_users_roles ur ON ur.role_id = rm.role_id WHERE ur.user_id = :userId)', {
        userId,
      });
    }
    return this.ordered(qb).getMany();
  }

  /** Locks the rows (in id order, against concurrent subCount updates) and returns the ids that exist. */
  async lock(em: EntityManager, list: Array<number | null>): Promise<Set<number>> {
    const wanted = ids(list);
    if (!wanted.length) return new Set();
    const rows: Array<{ id: number }> = await em.query('SELECT id FROM sys_menu WHERE id = ANY($1::int[]) ORDER BY id FOR UPDATE', [wanted]);
    return new Set(rows.map((r) => r.id));
  }

  /** Recomputes subCount of the given menus from their children. */
  async recount(em: EntityManager, list: Array<number | null>): Promise<void> {
    const wanted = ids(list);
    if (!wanted.length) return;
    await em.query('UPDATE sys_menu m SET sub_count = (SELECT count(*) FROM sys_menu c WHERE c.pid = m.id) WHERE m.id = ANY($1::int[])', [wanted]);
  }

  /** Module of the nearest menu with one, from `id` up to the root (normally the root's). */
  async inheritedModule(em: EntityManager, id: number): Promise<MenuModule | null> {
    const rows: Array<{ module: MenuModule }> = await em.query(
      `WITH RECURSIVE up AS (
         SELECT id, pid, module, 0 AS depth FROM sys_menu WHERE id = $1
         UNION ALL
         SELECT m.id, m.pid, m.module, up.depth + 1 FROM sys_menu m JOIN up ON m.id = up.pid WHERE up.depth < 50
       ) SELECT module FROM up WHERE module IS NOT NULL ORDER BY depth LIMIT 1`,
      [id],
    );
    return rows[0]?.module ?? null;
  }

  findOneBy(where: { id: number } | { title: string } | { componentName: string }, em: EntityManager = this.db.manager): Promise<Menu | null> {
    return em.findOneBy(Menu, where);
  }

  insert(values: Partial<Menu>, em: EntityManager = this.db.manager): Promise<Menu> {
    return em.save(em.create(Menu, values));
  }

  save(menu: Menu, em: EntityManager = this.db.manager): Promise<Menu> {
    return em.save(menu);
  }

  /** Parents of the menus that are not among them. */
  async outsideParents(all: number[], em: EntityManager = this.db.manager): Promise<number[]> {
    const parents: Array<{ pid: number }> = await em.query(
      'SELECT DISTINCT pid FROM sys_menu WHERE id = ANY($1::int[]) AND pid IS NOT NULL AND NOT (pid = ANY($1::int[]))',
      [all],
    );
    return parents.map((p) => p.pid);
  }

  async delete(all: number[], em: EntityManager = this.db.manager): Promise<void> {
    await em.delete(Menu, { id: In(all) });
  }
}
