import { Injectable, type StreamableFile } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { Brackets, DataSource, type EntityManager, In, IsNull, type SelectQueryBuilder } from 'typeorm';
import { assertAdminMenuAllowed, assertHoldsPermissions, permissionCodes } from '../../common/access/grant.js';
import type { Principal } from '../../common/auth/principal.js';
import { PrincipalService } from '../../common/auth/principal.service.js';
import { DomainException, ErrorCode } from '../../common/errors/domain.exception.js';
import { EXPORT_MAX_ROWS, xlsxFile } from '../../common/http/export.js';
import { likePattern, page, type Page, parseSort, type SortOrder } from '../../common/http/list-query.js';
import { type MenuDto, type MenuQuery, type MenuUpdateDto, type MenuWriteDto, toMenuDto } from './menu.dto.js';
import { Menu, type MenuModule, MenuType } from './menu.entity.js';
import { buildRouters, buildTree, type RouterNode } from './menus.tree.js';

const SORT = { id: 'm.id', title: 'm.title', menuSort: 'm.menuSort', type: 'm.type', createTime: 'm.createTime', updateTime: 'm.updateTime' };
const DEFAULT_SORT = ['menuSort,asc'];

/** `pid` of the wire: null, undefined and 0 all mean top level. */
const toPid = (pid: number | null | undefined): number | null => (pid ? pid : null);
const blankToNull = (s: string | null | undefined): string | null => (s == null || s.trim() === '' ? null : s.trim());
const ids = (list: Array<number | null>): number[] => [...new Set(list.filter((id): id is number => id != null))];

@Injectable()
export class MenusService {
  constructor(
    @InjectDataSource() private readonly db: DataSource,
    private readonly principals: PrincipalService,
  ) {}

  private get repo() {
    return this.db.getRepository(Menu);
  }

  /** Id and permission code of the menus with these ids, in `em`'s transaction, for other modules. */
  findPermissions(ids: number[], em: EntityManager = this.db.manager): Promise<Array<Pick<Menu, 'id' | 'permission'>>> {
    return em.find(Menu, { where: { id: In(ids) }, select: { id: true, permission: true } });
  }

  private ordered(qb: SelectQueryBuilder<Menu>, orders: SortOrder[] = parseSort(undefined, SORT, DEFAULT_SORT)): SelectQueryBuilder<Menu> {
    orders.forEach((o, i) => (i === 0 ? qb.orderBy(o.expr, o.dir) : qb.addOrderBy(o.expr, o.dir)));
    if (!orders.some((o) => o.expr === SORT.id)) qb.addOrderBy(SORT.id, 'ASC');
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

  /**
   * eladmin's menu list: the top level when no filter is given, else every match; with `tree` the
   * matches come nested (`children`) and `totalElements` counts all of them. Unpaged; `sort` is honoured.
   */
  async list(q: MenuQuery): Promise<Page<MenuDto>> {
    const orders = parseSort(q.sort, SORT, DEFAULT_SORT);
    const qb = this.filtered(q);
    const filtered = q.blurry !== undefined || q.pid !== undefined || q.createTime !== undefined;
    if (q.pidIsNull || (!q.tree && !filtered)) qb.andWhere('m.pid IS NULL');
    const dtos = (await this.ordered(qb, orders).getMany()).map(toMenuDto);
    return page(q.tree ? buildTree(dtos, true) : dtos, dtos.length);
  }

  /**
   * eladmin's menu export (`GET api/menus/download`): every menu matching the list's filters (all
   * menus when none is given, not only the top level), in the list's order, parents before children.
   */
  async download(q: MenuQuery): Promise<StreamableFile> {
    const qb = this.filtered(q);
    if (q.pidIsNull) qb.andWhere('m.pid IS NULL');
    const rows = await this.ordered(qb, parseSort(q.sort, SORT, DEFAULT_SORT)).take(EXPORT_MAX_ROWS).getMany();
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
    const rows = await this.repo.find({ where: { pid: pid ? pid : IsNull() }, order: { menuSort: 'ASC', id: 'ASC' } });
    return rows.map(toMenuDto);
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

  /** The menu itself plus all its descendants (the role editor selects a whole branch). */
  async child(id: number): Promise<number[]> {
    if (!(await this.repo.existsBy({ id }))) throw DomainException.notFound(`菜单不存在: id is ${id}`);
    return (await this.descendants([id])).sort((a, b) => a - b);
  }

  /**
   * Parent picker of the edit form: for each id its siblings and those of every ancestor up to the
   * top level, as a tree, without the ids themselves (and what is below them); the parents' subCount
   * is reduced accordingly. No ids: the top level.
   */
  async superior(menuIds: number[]): Promise<MenuDto[]> {
    if (!menuIds.length) return this.lazy();
    const found = await this.repo.findBy({ id: In(menuIds) });
    if (found.length !== menuIds.length) throw DomainException.notFound('所选菜单不存在或已被删除');
    const rows: Array<{ id: number }> = await this.db.query(
      `WITH RECURSIVE up AS (
         SELECT id, pid FROM sys_menu WHERE id = ANY($1::int[])
         UNION
         SELECT m.id, m.pid FROM sys_menu m JOIN up ON m.id = up.pid
       )
       SELECT DISTINCT s.id FROM up JOIN sys_menu s ON s.pid IS NOT DISTINCT FROM up.pid`,
      [menuIds],
    );
    const removed = new Set(await this.descendants(menuIds));
    const wanted = rows.map((r) => r.id).filter((id) => !removed.has(id));
    const menus = wanted.length ? await this.ordered(this.repo.createQueryBuilder('m').where('m.id IN (:...wanted)', { wanted })).getMany() : [];
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
    const qb = this.repo.createQueryBuilder('m').where('m.type <> :button', { button: MenuType.Button });
    if (!principal.isAdmin) {
      qb.andWhere('m.id IN (SELECT rm.menu_id FROM sys_roles_menus rm JOIN sys_users_roles ur ON ur.role_id = rm.role_id WHERE ur.user_id = :userId)', {
        userId: principal.userId,
      });
    }
    const menus = await this.ordered(qb).getMany();
    return buildRouters(buildTree(menus.map(toMenuDto)));
  }

  /** Locks the rows (in id order, against concurrent subCount updates) and returns the ids that exist. */
  private async lock(em: EntityManager, list: Array<number | null>): Promise<Set<number>> {
    const wanted = ids(list);
    if (!wanted.length) return new Set();
    const rows: Array<{ id: number }> = await em.query('SELECT id FROM sys_menu WHERE id = ANY($1::int[]) ORDER BY id FOR UPDATE', [wanted]);
    return new Set(rows.map((r) => r.id));
  }

  /** Recomputes subCount of the given menus from their children. */
  private async recount(em: EntityManager, list: Array<number | null>): Promise<void> {
    const wanted = ids(list);
    if (!wanted.length) return;
    await em.query('UPDATE sys_menu m SET sub_count = (SELECT count(*) FROM sys_menu c WHERE c.pid = m.id) WHERE m.id = ANY($1::int[])', [wanted]);
  }

  /** Module of the nearest menu with one, from `id` up to the root (normally the root's). */
  private async inheritedModule(em: EntityManager, id: number): Promise<MenuModule | null> {
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
    const existing = await this.lock(em, [pid, current?.pid ?? null, current?.id ?? null]);
    if (pid != null && !existing.has(pid)) throw DomainException.badRequest('上级菜单不存在');
    if (current && pid != null && (await this.descendants([current.id], em)).includes(pid)) {
      throw DomainException.badRequest('上级菜单不能为自己的下级菜单', ErrorCode.Validation);
    }
    const sameTitle = await em.findOneBy(Menu, { title });
    if (sameTitle && sameTitle.id !== current?.id) throw DomainException.badRequest(`菜单标题 ${title} 已存在`, ErrorCode.Duplicate);
    if (componentName) {
      const sameName = await em.findOneBy(Menu, { componentName });
      if (sameName && sameName.id !== current?.id) throw DomainException.badRequest(`组件名称 ${componentName} 已存在`, ErrorCode.Duplicate);
    }
    let module: MenuModule | null;
    if (dto.module) module = dto.module;
    else if (pid != null) module = await this.inheritedModule(em, pid);
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
    const saved = await this.db.transaction(async (em) => {
      const values = await this.values(em, dto);
      const menu = await em.save(em.create(Menu, { ...values, subCount: 0 }));
      await this.recount(em, [menu.pid]);
      return menu;
    });
    this.principals.invalidate();
    return toMenuDto(saved);
  }

  /**
   * Only an administrator edits a menu carrying `admin` (before or after). A code added to a menu must
   * be the editor's own, linked to a role or not (see `create`); codes the menu already carries may stay.
   */
  async update(principal: Principal, dto: MenuUpdateDto): Promise<void> {
    await this.db.transaction(async (em) => {
      const menu = await em.findOneBy(Menu, { id: dto.id });
      if (!menu) throw DomainException.notFound(`菜单不存在: id is ${dto.id}`);
      assertAdminMenuAllowed(principal, menu.permission, dto.permission);
      const before = new Set(permissionCodes(menu.permission));
      const added = permissionCodes(dto.permission).filter((code) => !before.has(code));
      assertHoldsPermissions(principal, added);
      const oldPid = menu.pid;
      await em.save(Object.assign(menu, await this.values(em, dto, menu)));
      if (oldPid !== menu.pid) await this.recount(em, [oldPid, menu.pid]);
    });
    this.principals.invalidate();
  }

  /** Deletes the menus and all their descendants; role links go with the foreign key cascade. */
  async delete(menuIds: number[]): Promise<void> {
    await this.db.transaction(async (em) => {
      const found = await em.findBy(Menu, { id: In(menuIds) });
      if (!found.length) throw DomainException.notFound('所选菜单不存在或已被删除');
      const all = await this.descendants(found.map((m) => m.id), em);
      const parents: Array<{ pid: number }> = await em.query(
        'SELECT DISTINCT pid FROM sys_menu WHERE id = ANY($1::int[]) AND pid IS NOT NULL AND NOT (pid = ANY($1::int[]))',
        [all],
      );
      await this.lock(em, parents.map((p) => p.pid));
      await em.delete(Menu, { id: In(all) });
      await this.recount(em, parents.map((p) => p.pid));
    });
    this.principals.invalidate();
  }
}
