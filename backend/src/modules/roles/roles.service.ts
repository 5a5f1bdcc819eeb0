import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { isAdministrator } from '../../common/access/ability.js';
import { assertHoldsPermissions, assertScopeWithin, OWN_ROLES_MESSAGE } from '../../common/access/grant.js';
import { assertLevel } from '../../common/access/level.js';
import type { Principal } from '../../common/auth/principal.js';
import { PrincipalService } from '../../common/auth/principal.service.js';
import { DomainException, ErrorCode } from '../../common/errors/domain.exception.js';
import { xlsxFile } from '../../common/http/export.js';
import { page, type Page } from '../../common/http/list-query.js';
import { type DeptRow, DeptService } from '../dept/index.js';
import { MenusService } from '../menus/index.js';
import { type RoleDto, type RoleMenusDto, type RoleQuery, type RoleUpdateDto, type RoleWriteDto, toRoleDto } from './role.dto.js';
import type { Role } from './role.entity.js';
import { RolesRepository } from './roles.repository.js';

@Injectable()
export class RolesService {
  constructor(
    private readonly roles: RolesRepository,
    private readonly principals: PrincipalService,
    private readonly depts: DeptService,
    private readonly menus: MenusService,
  ) {}

  /** The roles with these ids (those that exist), with the relations asked for, for other modules. */
  findByIds(ids: number[], relations?: { menus?: boolean; depts?: boolean }): Promise<Role[]> {
    return this.roles.findByIds(ids, relations);
  }

  async list(q: RoleQuery): Promise<Page<RoleDto>> {
    const [rows, total] = await this.roles.page(q);
    return page(rows.map(toRoleDto), total);
  }

  async all(): Promise<RoleDto[]> {
    const rows = await this.roles.all();
    return rows.map(toRoleDto);
  }

  async download(q: RoleQuery) {
    const rows = await this.roles.exportRows(q);
    return xlsxFile('角色数据', [
      { header: '角色名称', value: (r: Role) => r.name },
      { header: '角色级别', value: (r) => r.level },
      { header: '描述', value: (r) => r.description, width: 30 },
      { header: '创建日期', value: (r) => r.createTime, width: 20 },
    ], rows);
  }

  private async findRole(id: number, em?: EntityManager, relations?: Array<'menus' | 'depts'>, lock?: boolean): Promise<Role> {
    const role = await this.roles.findOne(id, em, relations, lock);
    if (!role) throw DomainException.notFound(`角色不存在: id is ${id}`);
    return role;
  }

  async findOne(id: number): Promise<RoleDto> {
    return toRoleDto(await this.findRole(id));
  }

  /** Issue #898: besides the level rule, a non-admin may not change the roles they hold themselves. */
  private async assertNotOwnRole(principal: Principal, roleIds: number[], em?: EntityManager): Promise<void> {
    if (isAdministrator(principal.ability)) return;
    if ((await this.roles.countHeld(principal.userId, roleIds, em)) > 0) throw DomainException.forbidden(OWN_ROLES_MESSAGE, ErrorCode.Forbidden);
  }

  private async assertUniqueName(em: EntityManager, name: string, exceptId?: number): Promise<void> {
    const same = await this.roles.findByName(name, em);
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
    const id = await this.roles.transaction(async (em) => {
      await this.assertUniqueName(em, dto.name);
      const depts = await this.resolveDepts(em, dto);
      await assertScopeWithin(em, principal, { dataScope: dto.dataScope, deptIds: depts.map((d) => d.id) });
      return this.roles.insert({ name: dto.name, level: dto.level, dataScope: dto.dataScope, description: dto.description || null, depts, menus: [] }, em);
    });
    await this.principals.invalidate();
    return this.findOne(id);
  }

  async update(principal: Principal, dto: RoleUpdateDto): Promise<void> {
    await this.roles.transaction(async (em) => {
      // Without its menus: saving must not touch the role's menu links (PUT api/roles/menu owns them).
      const role = await this.findRole(dto.id, em, ['depts']);
      assertLevel(principal, role.level, dto.level);
      await this.assertNotOwnRole(principal, [role.id], em);
      // Widening the scope or level of a role widens what its holders may do with its permissions:
      // only someone who holds them all edits it.
      const current = await this.roles.menuPermissions(role.id, em);
      assertHoldsPermissions(principal, current.map((m) => m.permission));
      await this.assertUniqueName(em, dto.name, role.id);
      const depts = await this.resolveDepts(em, dto);
      await assertScopeWithin(em, principal, { dataScope: dto.dataScope, deptIds: depts.map((d) => d.id) });
      Object.assign(role, { name: dto.name, level: dto.level, dataScope: dto.dataScope, description: dto.description || null, depts });
      await this.roles.save(role, em);
    });
    await this.principals.invalidate();
  }

  async updateMenus(principal: Principal, dto: RoleMenusDto): Promise<void> {
    await this.roles.transaction(async (em) => {
      const role = await this.findRole(dto.id, em, [], true);
      assertLevel(principal, role.level);
      await this.assertNotOwnRole(principal, [role.id], em);
      const ids = [...new Set(dto.menus.map((m) => m.id))];
      const menus = ids.length ? await this.menus.findPermissions(ids, em) : [];
      if (menus.length !== ids.length) throw DomainException.badRequest('所选菜单不存在');
      // Every permission the role carries after the change must be the caller's own (admin menus: administrators only).
      assertHoldsPermissions(principal, menus.map((m) => m.permission));
      await this.roles.replaceMenus(role.id, ids, principal.username, em);
    });
    await this.principals.invalidate();
  }

  async delete(principal: Principal, ids: number[]): Promise<void> {
    await this.roles.transaction(async (em) => {
      // Lock the roles: a concurrent grant of one of them to a user waits until this commits.
      const roles = await this.roles.lockByIds(ids, em);
      if (roles.length !== ids.length) throw DomainException.notFound('所选角色不存在或已被删除');
      assertLevel(principal, ...roles.map((r) => r.level));
      await this.assertNotOwnRole(principal, ids, em);
      if ((await this.roles.countAssigned(ids, em)) > 0) throw DomainException.badRequest('所选角色存在用户关联，请解除关联再试！', ErrorCode.InUse);
      await this.roles.delete(ids, em);
    });
    await this.principals.invalidate();
  }
}
