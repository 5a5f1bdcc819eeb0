import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { Brackets, DataSource, type EntityManager, In, type SelectQueryBuilder } from 'typeorm';
import { assertHoldsPermissions, assertScopeWithin, OWN_ROLES_MESSAGE } from '../../common/access/grant.js';
import { assertLevel } from '../../common/access/level.js';
import type { Principal } from '../../common/auth/principal.js';
import { PrincipalService } from '../../common/auth/principal.service.js';
import { DomainException, ErrorCode } from '../../common/errors/domain.exception.js';
import { EXPORT_MAX_ROWS, xlsxFile } from '../../common/http/export.js';
import { applyListQuery, likePattern, page, type Page } from '../../common/http/list-query.js';
import { type DeptRow, DeptService } from '../dept/index.js';
import { MenusService } from '../menus/index.js';
import { type RoleDto, type RoleMenusDto, type RoleQuery, type RoleUpdateDto, type RoleWriteDto, toRoleDto } from './role.dto.js';
import { Role } from './role.entity.js';

const SORT = { id: 'r.id', name: 'r.name', level: 'r.level', dataScope: 'r.dataScope', createTime: 'r.createTime', updateTime: 'r.updateTime' };

@Injectable()
export class RolesService {
  constructor(
    @InjectDataSource() private readonly db: DataSource,
    private readonly principals: PrincipalService,
    private readonly depts: DeptService,
    private readonly menus: MenusService,
  ) {}

  private get repo() {
    return this.db.getRepository(Role);
  }

  /** The roles with these ids (those that exist), with the relations asked for, for other modules. */
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

  async list(q: RoleQuery): Promise<Page<RoleDto>> {
    const [rows, total] = await applyListQuery(this.filtered(q), q, SORT, ['level,asc']).getManyAndCount();
    return page(rows.map(toRoleDto), total);
  }

  async all(): Promise<RoleDto[]> {
    const rows = await this.filtered({}).orderBy('r.level', 'ASC').addOrderBy('r.id', 'ASC').getMany();
    return rows.map(toRoleDto);
  }

  async download(q: RoleQuery) {
    const rows = await this.filtered(q).orderBy('r.level', 'ASC').addOrderBy('r.id', 'ASC').take(EXPORT_MAX_ROWS).getMany();
    return xlsxFile('角色数据', [
      { header: '角色名称', value: (r: Role) => r.name },
      { header: '角色级别', value: (r) => r.level },
      { header: '描述', value: (r) => r.description, width: 30 },
      { header: '创建日期', value: (r) => r.createTime, width: 20 },
    ], rows);
  }

  private async findRole(id: number, em: EntityManager = this.db.manager, relations: Array<'menus' | 'depts'> = ['menus', 'depts'], lock = false): Promise<Role> {
    const role = await em.findOne(Role, {
      where: { id },
      relations: { menus: relations.includes('menus'), depts: relations.includes('depts') },
      ...(lock ? { lock: { mode: 'pessimistic_write' as const } } : {}),
    });
    if (!role) throw DomainException.notFound(`角色不存在: id is ${id}`);
    return role;
  }

  async findOne(id: number): Promise<RoleDto> {
    return toRoleDto(await this.findRole(id));
  }

  /** Issue #898: besides the level rule, a non-admin may not change the roles they hold themselves. */
  private async assertNotOwnRole(principal: Principal, roleIds: number[], em: EntityManager = this.db.manager): Promise<void> {
    if (principal.isAdmin) return;
    const rows: Array<{ n: number }> = await em.query('SELECT count(*)::int AS n FROM sys_users_roles WHERE user_id = $1 AND role_id = ANY($2::int[])', [
      principal.userId,
      roleIds,
    ]);
    if (rows[0].n > 0) throw DomainException.forbidden(OWN_ROLES_MESSAGE, ErrorCode.Forbidden);
  }

  private async assertUniqueName(em: EntityManager, name: string, exceptId?: number): Promise<void> {
    const same = await em.findOneBy(Role, { name });
    if (same && same.id !== exceptId) throw DomainException.badRequest(`角色名称 ${name} 已存在`, ErrorCode.Duplicate);
  }

  /** Departments only matter for the custom data scope; other scopes keep none. */
  private async resolveDepts(em: EntityManager, dto: RoleWriteDto): Promise<DeptRow[]> {
    if (dto.dataScope !== '自定义') return [];
    const ids = [...new Set((dto.depts ?? []).map((d) => d.id))];
    if (!ids.length) return [];
    const depts = await this.depts.findByIds(ids, em);
    if (depts.length !== ids.length) throw DomainException.badRequest('所选部门不存在');
    return depts;
  }

  async create(principal: Principal, dto: RoleWriteDto): Promise<RoleDto> {
    assertLevel(principal, dto.level);
    const id = await this.db.transaction(async (em) => {
      await this.assertUniqueName(em, dto.name);
      const depts = await this.resolveDepts(em, dto);
      await assertScopeWithin(em, principal, { dataScope: dto.dataScope, deptIds: depts.map((d) => d.id) });
      const role = em.create(Role, { name: dto.name, level: dto.level, dataScope: dto.dataScope, description: dto.description || null, depts, menus: [] });
      return (await em.save(role)).id;
    });
    this.principals.invalidate();
    return this.findOne(id);
  }

  async update(principal: Principal, dto: RoleUpdateDto): Promise<void> {
    await this.db.transaction(async (em) => {
      // Without its menus: saving must not touch the role's menu links (PUT api/roles/menu owns them).
      const role = await this.findRole(dto.id, em, ['depts']);
      assertLevel(principal, role.level, dto.level);
      await this.assertNotOwnRole(principal, [role.id], em);
      // Widening the scope or level of a role widens what its holders may do with its permissions:
      // only someone who holds them all edits it.
      const current: Array<{ permission: string | null }> = await em.query(
        'SELECT m.permission FROM sys_roles_menus rm JOIN sys_menu m ON m.id = rm.menu_id WHERE rm.role_id = $1',
        [role.id],
      );
      assertHoldsPermissions(principal, current.map((m) => m.permission));
      await this.assertUniqueName(em, dto.name, role.id);
      const depts = await this.resolveDepts(em, dto);
      await assertScopeWithin(em, principal, { dataScope: dto.dataScope, deptIds: depts.map((d) => d.id) });
      Object.assign(role, { name: dto.name, level: dto.level, dataScope: dto.dataScope, description: dto.description || null, depts });
      await em.save(role);
    });
    this.principals.invalidate();
  }

  async updateMenus(principal: Principal, dto: RoleMenusDto): Promise<void> {
    await this.db.transaction(async (em) => {
      const role = await this.findRole(dto.id, em, [], true);
      assertLevel(principal, role.level);
      await this.assertNotOwnRole(principal, [role.id], em);
      const ids = [...new Set(dto.menus.map((m) => m.id))];
      const menus = ids.length ? await this.menus.findPermissions(ids, em) : [];
      if (menus.length !== ids.length) throw DomainException.badRequest('所选菜单不存在');
      // Every permission the role carries after the change must be the caller's own (admin menus: administrators only).
      assertHoldsPermissions(principal, menus.map((m) => m.permission));
      await em.query('DELETE FROM sys_roles_menus WHERE role_id = $1', [role.id]);
      if (ids.length) await em.query('INSERT INTO sys_roles_menus (role_id, menu_id) SELECT $1, unnest($2::int[])', [role.id, ids]);
      await em.update(Role, { id: role.id }, { updateBy: principal.username });
    });
    this.principals.invalidate();
  }

  async delete(principal: Principal, ids: number[]): Promise<void> {
    await this.db.transaction(async (em) => {
      // Lock the roles: a concurrent grant of one of them to a user waits until this commits.
      const roles = await em.createQueryBuilder(Role, 'r').where('r.id IN (:...ids)', { ids }).setLock('pessimistic_write').getMany();
      if (roles.length !== ids.length) throw DomainException.notFound('所选角色不存在或已被删除');
      assertLevel(principal, ...roles.map((r) => r.level));
      await this.assertNotOwnRole(principal, ids, em);
      const used: Array<{ n: number }> = await em.query('SELECT count(*)::int AS n FROM sys_users_roles WHERE role_id = ANY($1::int[])', [ids]);
      if (used[0].n > 0) throw DomainException.badRequest('所选角色存在用户关联，请解除关联再试！', ErrorCode.InUse);
      await em.delete(Role, { id: In(ids) });
    });
    this.principals.invalidate();
  }
}
