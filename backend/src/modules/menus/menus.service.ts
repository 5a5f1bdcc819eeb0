import { Injectable, type StreamableFile } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { isAdministrator } from '../../common/access/ability.js';
import { assertAdminMenuAllowed, assertHoldsPermissions, permissionCodes } from '../../common/access/grant.js';
import type { Principal } from '../../common/auth/principal.js';
import { PrincipalService } from '../../common/auth/principal.service.js';
import { DomainException, ErrorCode } from '../../common/errors/domain.exception.js';
import { xlsxFile } from '../../common/http/export.js';
import { page, type Page, parseSort } from '../../common/http/list-query.js';
import { type MenuDto, type MenuQuery, type MenuUpdateDto, type MenuWriteDto, toMenuDto } from './menu.dto.js';
import { type Menu, type MenuModule, MenuType } from './menu.entity.js';
import { MENU_DEFAULT_SORT, MENU_SORT, MenusRepository } from './menus.repository.js';
import { buildRouters, buildTree, type RouterNode } from './menus.tree.js';

/** `pid` of the wire: null, undefined and 0 all mean top level. */
const toPid = (pid: number | null | undefined): number | null => (pid ? pid : null);
const blankToNull = (s: string | null | undefined): string | null => (s == null || s.trim() === '' ? null : s.trim());

@Injectable()
export class MenusService {
  constructor(
    private readonly menus: MenusRepository,
    private readonly principals: PrincipalService,
  ) {}

  /** Id and permission code of the menus with these ids, in `em`'s transaction, for other modules. */
  findPermissions(ids: number[], em?: EntityManager): Promise<Array<Pick<Menu, 'id' | 'permission'>>> {
    return this.menus.findPermissions(ids, em);
  }

  /**
   * eladmin's menu list: the top level when no filter is given, else every match; with `tree` the
   * matches come nested (`children`) and `totalElements` counts all of them. Unpaged; `sort` is honoured.
   */
  async list(q: MenuQuery): Promise<Page<MenuDto>> {
    const orders = parseSort(q.sort, MENU_SORT, MENU_DEFAULT_SORT);
    const filtered = q.blurry !== undefined || q.pid !== undefined || q.createTime !== undefined;
    const dtos = (await this.menus.list(q, orders, !!q.pidIsNull || (!q.tree && !filtered))).map(toMenuDto);
    return page(q.tree ? buildTree(dtos, true) : dtos, dtos.length);
  }

  /**
   * eladmin's menu export (`GET api/menus/download`): every menu matching the list's filters (all
   * menus when none is given, not only the top level), in the list's order, parents before children.
   */
  async download(q: MenuQuery): Promise<StreamableFile> {
    const rows = await this.menus.exportRows(q, parseSort(q.sort, MENU_SORT, MENU_DEFAULT_SORT));
    const byParent = new Map<number | null, Menu[]>();
    const present = new Set(rows.map((m) => m.id));
    for (const m of rows) {
      const parent = m.pid !== null && present.has(m.pid) ? m.pid : null;
      byParent.set(parent, [...(byParent.get(parent) ?? []), m]);
    }
    const ordered: Menu[] = [];
    const visit = (parent: number | null) => {
      for (const m of byParent.get(parent) ?? []) {
        ordered.push(m);
        visit(m.id);
      }
    };
    visit(null);
    const yesNo = (b: boolean) => (b ? '是' : '否');
    const TYPE_NAMES: Record<number, string> = { [MenuType.Directory]: '目录', [MenuType.Menu]: '菜单', [MenuType.Button]: '按钮' };
    return xlsxFile('菜单数据', [
      { header: '菜单标题', value: (m: Menu) => m.title, width: 20 },
      { header: '菜单类型', value: (m) => TYPE_NAMES[m.type] ?? String(m.type) },
      { header: '权限标识', value: (m) => m.permission, width: 24 },
      { header: '外链菜单', value: (m) => yesNo(m.iFrame) },
      { header: '菜单可见', value: (m) => yesNo(!m.hidden) },
      { header: '是否缓存', value: (m) => yesNo(m.cache) },
      { header: '创建日期', value: (m) => m.createTime, width: 20 },
    ], ordered);
  }

  /** Children of a menu (0 or none = the top level), sorted by menuSort. */
  async lazy(pid?: number): Promise<MenuDto[]> {
    const rows = await this.menus.children(pid ? pid : null);
    return rows.map(toMenuDto);
  }

  /** Ids of the menus and all their descendants. */
  descendants(rootIds: number[], em?: EntityManager): Promise<number[]> {
    return this.menus.descendants(rootIds, em);
  }

  /** The menu itself plus all its descendants (the role editor selects a whole branch). */
  async child(id: number): Promise<number[]> {
    if (!(await this.menus.exists(id))) throw DomainException.notFound(`菜单不存在: id is ${id}`);
    return (await this.descendants([id])).sort((a, b) => a - b);
  }

  /**
   * Parent picker of the edit form: for each id its siblings and those of every ancestor up to the
   * top level, as a tree, without the ids themselves (and what is below them); the parents' subCount
   * is reduced accordingly. No ids: the top level.
   */
  async superior(menuIds: number[]): Promise<MenuDto[]> {
    if (!menuIds.length) return this.lazy();
    const found = await this.menus.findByIds(menuIds);
    if (found.length !== menuIds.length) throw DomainException.notFound('所选菜单不存在或已被删除');
    const siblings = await this.menus.siblingsUp(menuIds);
    const removed = new Set(await this.descendants(menuIds));
    const wanted = siblings.filter((id) => !removed.has(id));
    const menus = wanted.length ? await this.menus.findOrdered(wanted) : [];
    const dtos = menus.map((m) => {
      const dto = toMenuDto(m);
      const gone = found.filter((f) => f.pid === m.id).length;
      if (gone) {
        dto.subCount = Math.max(0, dto.subCount - gone);
        dto.hasChildren = dto.subCount > 0;
        dto.leaf = dto.subCount <= 0;
      }
      return dto;
    });
    return buildTree(dtos);
  }

  /** Router tree of the caller's directories and menus (buttons left out); administrators get all. */
  async build(principal: Principal): Promise<RouterNode[]> {
    const menus = await this.menus.routerMenus(isAdministrator(principal.ability) ? null : principal.userId);
    return buildRouters(buildTree(menus.map(toMenuDto)));
  }

  /** Validates and normalises a create/edit body inside the write transaction (parent rows locked). */
  private async values(em: EntityManager, dto: MenuWriteDto, current?: Menu): Promise<Partial<Menu>> {
    const pid = toPid(dto.pid);
    const title = dto.title.trim();
    if (!title) throw DomainException.badRequest('菜单标题不能为空', ErrorCode.Validation);
    const componentName = blankToNull(dto.componentName);
    const path = blankToNull(dto.path);
    const iFrame = dto.iFrame ?? false;
    if (iFrame && !/^https?:\/\//i.test(path ?? '')) throw DomainException.badRequest('外链必须以http://或者https://开头', ErrorCode.Validation);
    if (current && pid === current.id) throw DomainException.badRequest('上级菜单不能为自己', ErrorCode.Validation);
    const existing = await this.menus.lock(em, [pid, current?.pid ?? null, current?.id ?? null]);
    if (pid != null && !existing.has(pid)) throw DomainException.badRequest('上级菜单不存在');
    if (current && pid != null && (await this.descendants([current.id], em)).includes(pid)) {
      throw DomainException.badRequest('上级菜单不能为自己的下级菜单', ErrorCode.Validation);
    }
    const sameTitle = await this.menus.findOneBy({ title }, em);
    if (sameTitle && sameTitle.id !== current?.id) throw DomainException.badRequest(`菜单标题 ${title} 已存在`, ErrorCode.Duplicate);
    if (componentName) {
      const sameName = await this.menus.findOneBy({ componentName }, em);
      if (sameName && sameName.id !== current?.id) throw DomainException.badRequest(`组件名称 ${componentName} 已存在`, ErrorCode.Duplicate);
    }
    let module: MenuModule | null;
    if (dto.module) module = dto.module;
    else if (pid != null) module = await this.menus.inheritedModule(em, pid);
    else module = dto.module === undefined && current ? current.module : null;
    return {
      pid,
      type: dto.type,
      title,
      componentName,
      component: blankToNull(dto.component),
      path,
      menuSort: dto.menuSort ?? current?.menuSort ?? 999,
      icon: blankToNull(dto.icon),
      permission: blankToNull(dto.permission),
      cache: dto.cache ?? current?.cache ?? false,
      hidden: dto.hidden ?? current?.hidden ?? false,
      iFrame,
      module,
    };
  }

  /**
   * Only an administrator creates a menu carrying `admin`; anyone else only puts codes they hold on a
   * menu: a menu is a grant waiting to be put in a role, and checking only linked menus left a race
   * (edit an unlinked menu while filling a role with it) and traps (a harmless title carrying
   * `user:del` that an administrator later puts in a role).
   */
  async create(principal: Principal, dto: MenuWriteDto): Promise<MenuDto> {
    assertAdminMenuAllowed(principal, dto.permission);
    assertHoldsPermissions(principal, [dto.permission]);
    const saved = await this.menus.transaction(async (em) => {
      const values = await this.values(em, dto);
      const menu = await this.menus.insert({ ...values, subCount: 0 }, em);
      await this.menus.recount(em, [menu.pid]);
      return menu;
    });
    await this.principals.invalidate();
    return toMenuDto(saved);
  }

  /**
   * Only an administrator edits a menu carrying `admin` (before or after). A code added to a menu must
   * be the editor's own, linked to a role or not (see `create`); codes the menu already carries may stay.
   */
  async update(principal: Principal, dto: MenuUpdateDto): Promise<void> {
    await this.menus.transaction(async (em) => {
      const menu = await this.menus.findOneBy({ id: dto.id }, em);
      if (!menu) throw DomainException.notFound(`菜单不存在: id is ${dto.id}`);
      assertAdminMenuAllowed(principal, menu.permission, dto.permission);
      const before = new Set(permissionCodes(menu.permission));
      const added = permissionCodes(dto.permission).filter((code) => !before.has(code));
      assertHoldsPermissions(principal, added);
      const oldPid = menu.pid;
      await this.menus.save(Object.assign(menu, await this.values(em, dto, menu)), em);
      if (oldPid !== menu.pid) await this.menus.recount(em, [oldPid, menu.pid]);
    });
    await this.principals.invalidate();
  }

  /** Deletes the menus and all their descendants; role links go with the foreign key cascade. */
  async delete(menuIds: number[]): Promise<void> {
    await this.menus.transaction(async (em) => {
      const found = await this.menus.findByIds(menuIds, em);
      if (!found.length) throw DomainException.notFound('所选菜单不存在或已被删除');
      const all = await this.descendants(found.map((m) => m.id), em);
      const parents = await this.menus.outsideParents(all, em);
      await this.menus.lock(em, parents);
      await this.menus.delete(all, em);
      await this.menus.recount(em, parents);
    });
    await this.principals.invalidate();
  }
}
