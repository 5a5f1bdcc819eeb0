import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { record } from '../../common/access/ability.js';
import type { Principal } from '../../common/auth/principal.js';
import { PrincipalService } from '../../common/auth/principal.service.js';
import { DomainException, ErrorCode } from '../../common/errors/domain.exception.js';
import { xlsxFile } from '../../common/http/export.js';
import { page, type Page, parseSort } from '../../common/http/list-query.js';
import { buildTree } from '../menus/index.js';
import { type DeptDto, type DeptQuery, type DeptUpdateDto, type DeptWriteDto, toDeptDto } from './dept.dto.js';
import type { Dept } from './dept.entity.js';
import { SCOPED_DEPT } from './dept.policy.js';
import { DEPT_DEFAULT_SORT, DEPT_SORT, DeptRepository } from './dept.repository.js';

/** `pid` of the wire: null, undefined and 0 all mean top level. */
const toPid = (pid: number | null | undefined): number | null => (pid ? pid : null);

/** Is the department in the caller's data scope (dept.policy.ts)? */
const inScope = (principal: Principal, deptId: number | null): boolean => principal.ability.can('manage', record(SCOPED_DEPT, { deptId }));

@Injectable()
export class DeptService {
  constructor(
    private readonly depts: DeptRepository,
    private readonly principals: PrincipalService,
  ) {}

  /** The department, or null, for other modules. */
  findById(id: number): Promise<Dept | null> {
    return this.depts.findById(id);
  }

  /** The departments with these ids (those that exist), in `em`'s transaction when given, for other modules. */
  findByIds(ids: number[], em?: EntityManager): Promise<Dept[]> {
    return this.depts.findByIds(ids, em);
  }

  /**
   * eladmin's dept list (v2.7 data scope): unrestricted callers without name/pid/createTime get the
   * top level; restricted callers get their in-scope depts, and without filters only those whose
   * parent is not among them (their visible roots). Unpaged; `sort` is honoured. The data scope is a
   * filter of the query, read from the principal (an empty scope sees nothing).
   */
  async list(principal: Principal, q: DeptQuery): Promise<Page<DeptDto>> {
    const orders = parseSort(q.sort, DEPT_SORT, DEPT_DEFAULT_SORT); // before anything else: a bad sort is a 400 even when nothing is visible
    const scope = principal.dataScope;
    if (scope && scope.length === 0) return page([], 0);
    const filtered = q.name !== undefined || q.pid !== undefined || q.createTime !== undefined;
    let rows = await this.depts.list(scope, q, orders, !scope && !filtered);
    if (scope && !filtered) {
      const ids = new Set(rows.map((d) => d.id));
      rows = rows.filter((d) => d.pid == null || !ids.has(d.pid));
    }
    return page(rows.map(toDeptDto), rows.length);
  }

  /** The whole visible tree (data-scoped), children nested, sorted by deptSort. */
  async tree(principal: Principal, enabled?: boolean): Promise<Page<DeptDto>> {
    const scope = principal.dataScope;
    if (scope && scope.length === 0) return page([], 0);
    const rows = await this.depts.tree(scope, enabled);
    return page(buildTree(rows.map(toDeptDto), true), rows.length);
  }

  /** Enabled children of `pid` (none or 0 = the top level), unscoped: the work screens' pickers. */
  async lookup(pid?: number): Promise<Page<DeptDto>> {
    const rows = await this.depts.enabledChildren(pid ? pid : null);
    return page(rows.map(toDeptDto), rows.length);
  }

  /** The whole enabled tree, unscoped (see lookup). */
  async lookupTree(): Promise<Page<DeptDto>> {
    const rows = await this.depts.enabled();
    return page(buildTree(rows.map(toDeptDto), true), rows.length);
  }

  /**
   * Pickers in the edit forms: for each id its siblings and the siblings of every ancestor up to the
   * top level, as a tree. With `exclude` the ids themselves (and anything below them) go, so a dept
   * cannot be put under itself, and their parents' subCount is reduced accordingly. Restricted
   * callers only get in-scope depts.
   */
  async superior(principal: Principal, ids: number[], exclude: boolean): Promise<Page<DeptDto>> {
    const found = await this.depts.findByIds(ids);
    if (found.length !== ids.length) throw DomainException.notFound('所选部门不存在或已被删除');
    const siblings = await this.depts.siblingsUp(ids);
    const removed = new Set(exclude ? await this.descendants(ids) : []);
    const wanted = siblings.filter((id) => !removed.has(id) && inScope(principal, id));
    const depts = wanted.length ? await this.depts.findOrdered(wanted) : [];
    const parents = new Set(found.map((d) => d.pid).filter((pid): pid is number => pid != null));
    const dtos = depts.map((d) => {
      const dto = toDeptDto(d);
      if (exclude && parents.has(d.id)) {
        const gone = found.filter((f) => f.pid === d.id).length;
        dto.subCount = Math.max(0, dto.subCount - gone);
        dto.hasChildren = dto.subCount > 0;
        dto.leaf = dto.subCount <= 0;
      }
      return dto;
    });
    return page(buildTree(dtos), dtos.length);
  }

  async download(principal: Principal, q: DeptQuery) {
    const scope = principal.dataScope;
    const rows = scope && scope.length === 0 ? [] : await this.depts.exportRows(scope, q);
    return xlsxFile('部门数据', [
      { header: '部门名称', value: (d: Dept) => d.name },
      { header: '部门状态', value: (d) => (d.enabled ? '启用' : '停用') },
      { header: '创建日期', value: (d) => d.createTime, width: 20 },
    ], rows);
  }

  /** Ids of the depts plus all their descendants (enabled or not). */
  descendants(ids: number[], em?: EntityManager): Promise<number[]> {
    return this.depts.descendants(ids, em);
  }

  /** Every dept must lie in the caller's data scope (dept.policy.ts); a top-level parent (null) only for unrestricted callers. */
  private assertInScope(principal: Principal, ids: Array<number | null>): void {
    if (ids.some((id) => !inScope(principal, id))) throw DomainException.forbidden('不能操作数据权限范围以外的部门');
  }

  async create(principal: Principal, dto: DeptWriteDto): Promise<DeptDto> {
    const pid = toPid(dto.pid);
    this.assertInScope(principal, [pid]);
    const saved = await this.depts.transaction(async (em) => {
      if (pid != null && !(await this.depts.lock(em, [pid])).has(pid)) throw DomainException.badRequest('上级部门不存在');
      const dept = await this.depts.insert({ pid, name: dto.name, deptSort: dto.deptSort ?? 999, enabled: dto.enabled, subCount: 0 }, em);
      await this.depts.recount(em, [pid]);
      return dept;
    });
    await this.principals.invalidate();
    return toDeptDto(saved);
  }

  async update(principal: Principal, dto: DeptUpdateDto): Promise<void> {
    const pid = toPid(dto.pid);
    if (pid === dto.id) throw DomainException.badRequest('上级部门不能为自己');
    await this.depts.transaction(async (em) => {
      const dept = await this.depts.findById(dto.id, em);
      if (!dept) throw DomainException.notFound(`部门不存在: id is ${dto.id}`);
      this.assertInScope(principal, dept.pid === pid ? [dept.id] : [dept.id, pid]);
      const oldPid = dept.pid;
      const existing = await this.depts.lock(em, [oldPid, pid, dept.id]);
      if (pid != null) {
        if (!existing.has(pid)) throw DomainException.badRequest('上级部门不存在');
        if ((await this.descendants([dept.id], em)).includes(pid)) throw DomainException.badRequest('上级部门不能为自己的下级部门');
      }
      await this.depts.save(Object.assign(dept, { pid, name: dto.name, deptSort: dto.deptSort ?? dept.deptSort, enabled: dto.enabled }), em);
      if (oldPid !== pid) await this.depts.recount(em, [oldPid, pid]);
    });
    await this.principals.invalidate();
  }

  /** Deletes the depts and all their descendants, unless users or roles still reference any of them. */
  async delete(principal: Principal, ids: number[]): Promise<void> {
    await this.depts.transaction(async (em) => {
      const found = await this.depts.findByIds(ids, em);
      if (!found.length) throw DomainException.notFound('所选部门不存在或已被删除');
      const all = await this.descendants(found.map((d) => d.id), em);
      this.assertInScope(principal, all);
      if ((await this.depts.countUsers(all, em)) > 0) throw DomainException.badRequest('所选部门存在用户关联，请解除后再试！', ErrorCode.InUse);
      if ((await this.depts.countRoleLinks(all, em)) > 0) throw DomainException.badRequest('所选部门存在角色关联，请解除后再试！', ErrorCode.InUse);
      // products and manuscripts name their unit / submitting department
      if ((await this.depts.countWork(all, em)) > 0) throw DomainException.badRequest('所选部门存在产品或稿件关联，请解除后再试！', ErrorCode.InUse);
      const parents = await this.depts.outsideParents(all, em);
      await this.depts.lock(em, parents);
      await this.depts.delete(all, em);
      await this.depts.recount(em, parents);
    });
    await this.principals.invalidate();
  }
}
