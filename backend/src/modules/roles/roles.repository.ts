import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { Brackets, DataSource, type EntityManager, In, type SelectQueryBuilder } from 'typeorm';
import { EXPORT_MAX_ROWS } from '../../common/http/export.js';
import { applyListQuery, likePattern } from '../../common/http/list-query.js';
import type { RoleQuery } from './role.dto.js';
import { Role } from './role.entity.js';

const SORT = { id: 'r.id', name: 'r.name', level: 'r.level', dataScope: 'r.dataScope', createTime: 'r.createTime', updateTime: 'r.updateTime' };

/**
 * Every query of the roles module (`sys_role`, its menu and dept links, the user links it counts);
 * RolesService holds the rules. Writes take the `EntityManager` of a `transaction(...)`.
 */
@Injectable()
export class RolesRepository {
  constructor(@InjectDataSource() private readonly db: DataSource) {}

  private get repo() {
    return this.db.getRepository(Role);
  }

  /** Runs `work` in one transaction; its `em` goes to the methods below (and to other modules' calls). */
  transaction<T>(work: (em: EntityManager) => Promise<T>): Promise<T> {
    return this.db.transaction(work);
  }

  findByIds(ids: number[], relations?: { menus?: boolean; depts?: boolean }): Promise<Role[]> {
    return relations ? this.repo.find({ where: { id: In(ids) }, relations }) : this.repo.findBy({ id: In(ids) });
  }

  private filtered(q: RoleQuery): SelectQueryBuilder<Role> {
    const qb = this.repo.createQueryBuilder('r').leftJoinAndSelect('r.menus', 'menus').leftJoinAndSelect('r.depts', 'depts');
    if (q.blurry) {
      const like = likePattern(q.blurry);
      qb.andWhere(new Brackets((w) => w.where('r.name ILIKE :like', { like }).orWhere('r.description ILIKE :like')));
    }
    if (q.createTime) qb.andWhere('r.createTime BETWEEN :from AND :to', { from: q.createTime[0], to: q.createTime[1] });
    return qb;
  }

  /** A page of the filtered roles (with menus and depts) and the total (default order level,asc). */
  page(q: RoleQuery): Promise<[Role[], number]> {
    return applyListQuery(this.filtered(q), q, SORT, ['level,asc']).getManyAndCount();
  }

  /** Every role (with menus and depts), by level then id. */
  all(): Promise<Role[]> {
    return this.filtered({}).orderBy('r.level', 'ASC').addOrderBy('r.id', 'ASC').getMany();
  }

  /** The filtered roles for the export, by level then id, at most EXPORT_MAX_ROWS. */
  exportRows(q: RoleQuery): Promise<Role[]> {
    return this.filtered(q).orderBy('r.level', 'ASC').addOrderBy('r.id', 'ASC').take(EXPORT_MAX_ROWS).getMany();
  }

  /** The role with the relations asked for, optionally locked FOR UPDATE; null when unknown. */
  findOne(id: number, em: EntityManager = this.db.manager, relations: Array<'menus' | 'depts'> = ['menus', 'depts'], lock = false): Promise<Role | null> {
    return em.findOne(Role, {
      where: { id },
      relations: { menus: relations.includes('menus'), depts: relations.includes('depts') },
      ...(lock ? { lock: { mode: 'pessimistic_write' as const } } : {}),
    });
  }

  /** How many of these roles the user holds. */
  async countHeld(userId: number, roleIds: number[], em: EntityManager = this.db.manager): Promise<number> {
    const rows: Array<{ n: number }> = await em.query('SELECT count(*)::int AS n FROM sys_users_roles WHERE user_id = $1 AND role_id = ANY($2::int[])', [userId, roleIds]);
    return rows[0].n;
  }

  findByName(name: string, em: EntityManager = this.db.manager): Promise<Role | null> {
    return em.findOneBy(Role, { name });
  }

  /** The `permission` fields of the role's menus. */
  menuPermissions(roleId: number, em: EntityManager = this.db.manager): Promise<Array<{ permission: string | null }>> {
    return em.query('SELECT m.permission FROM sys_roles_menus rm JOIN sys_menu m ON m.id = rm.menu_id WHERE rm.role_id = $1', [roleId]);
  }

  /** Inserts the role (with its dept links); its id. */
  async insert(values: Partial<Role>, em: EntityManager = this.db.manager): Promise<number> {
    return (await em.save(em.create(Role, values))).id;
  }

  async save(role: Role, em: EntityManager = this.db.manager): Promise<void> {
    await em.save(role);
  }

  /** Replaces the role's menu links and stamps who changed them. */
  async replaceMenus(roleId: number, menuIds: number[], updateBy: string, em: EntityManager = this.db.manager): Promise<void> {
    await em.query('DELETE FROM sys_roles_menus WHERE role_id = $1', [roleId]);
    if (menuIds.length) await em.query('INSERT INTO sys_roles_menus (role_id, menu_id) SELECT $1, unnest($2::int[])', [roleId, menuIds]);
    await em.update(Role, { id: roleId }, { updateBy });
  }

  /** The roles, locked FOR UPDATE (a concurrent grant of one of them waits). */
  lockByIds(ids: number[], em: EntityManager = this.db.manager): Promise<Role[]> {
    return em.createQueryBuilder(Role, 'r').where('r.id IN (:...ids)', { ids }).setLock('pessimistic_write').getMany();
  }

  /** How many user assignments (sys_users_roles) hold any of these roles. */
  async countAssigned(ids: number[], em: EntityManager = this.db.manager): Promise<number> {
    const used: Array<{ n: number }> = await em.query('SELECT count(*)::int AS n FROM sys_users_roles WHERE role_id = ANY($1::int[])', [ids]);
    return used[0].n;
  }

  async delete(ids: number[], em: EntityManager = this.db.manager): Promise<void> {
    await em.delete(Role, { id: In(ids) });
  }
}
