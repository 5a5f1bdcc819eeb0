import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, type EntityManager, In, type SelectQueryBuilder } from 'typeorm';
import { deptWithDescendants } from '../../common/access/data-scope.js';
import type { Principal } from '../../common/auth/principal.js';
import { PrincipalService } from '../../common/auth/principal.service.js';
import { DomainException, ErrorCode } from '../../common/errors/domain.exception.js';
import { EXPORT_MAX_ROWS, xlsxFile } from '../../common/http/export.js';
import { likePattern, page, type Page, parseSort, type SortOrder } from '../../common/http/list-query.js';
import { buildTree } from '../menus/index.js';
import { type DeptDto, type DeptQuery, type DeptUpdateDto, type DeptWriteDto, toDeptDto } from './dept.dto.js';
import { Dept } from './dept.entity.js';

const SORT = { id: 'd.id', name: 'd.name', deptSort: 'd.deptSort', enabled: 'd.enabled', createTime: 'd.createTime', updateTime: 'd.updateTime' };
const DEFAULT_SORT = ['deptSort,asc'];

/** `pid` of the wire: null, undefined and 0 all mean top level. */
const toPid = (pid: number | null | undefined): number | null => (pid ? pid : null);

@Injectable()
export class DeptService {
  constructor(
    @InjectDataSource() private readonly db: DataSource,
    private readonly principals: PrincipalService,
  ) {}

  private get repo() {
    return this.db.getRepository(Dept);
  }

  /** The department, or null, for other modules. */
  findById(id: number): Promise<Dept | null> {
    return this.repo.findOneBy({ id });
  }

  /** The departments with these ids (those that exist), in `em`'s transaction when given, for other modules. */
  findByIds(ids: number[], em: EntityManager = this.db.manager): Promise<Dept[]> {
    return em.findBy(Dept, { id: In(ids) });
  }

  /** Query limited to the caller's data scope; undefined when the scope is empty (sees nothing). */
  private scoped(principal: Principal): SelectQueryBuilder<Dept> | undefined {
    const scope = principal.dataScope;
    if (scope && scope.length === 0) return undefined;
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

  private ordered(qb: SelectQueryBuilder<Dept>, orders: SortOrder[] = parseSort(undefined, SORT, DEFAULT_SORT)): SelectQueryBuilder<Dept> {
    orders.forEach((o, i) => (i === 0 ? qb.orderBy(o.expr, o.dir) : qb.addOrderBy(o.expr, o.dir)));
    if (!orders.some((o) => o.expr === SORT.id)) qb.addOrderBy(SORT.id, 'ASC');
    return qb;
  }

  /**
   * eladmin's dept list (v2.7 data scope): unrestricted callers without name/pid/createTime get the
   * top level; restricted callers get their in-scope depts, and without filters only those whose
   * parent is not among them (their visible roots). Unpaged; `sort` is honoured.
   */
  async list(principal: Principal, q: DeptQuery): Promise<Page<DeptDto>> {
    const orders = parseSort(q.sort, SORT, DEFAULT_SORT); // before anything else: a bad sort is a 400 even when nothing is visible
    const qb = this.scoped(principal);
    if (!qb) return page([], 0);
    this.applyFilters(qb, q);
    const filtered = q.name !== undefined || q.pid !== undefined || q.createTime !== undefined;
    if (!principal.dataScope && !filtered) qb.andWhere('d.pid IS NULL');
    let rows = await this.ordered(qb, orders).getMany();
    if (principal.dataScope && !filtered) {
      const ids = new Set(rows.map((d) => d.id));
      rows = rows.filter((d) => d.pid == null || !ids.has(d.pid));
    }
    return page(rows.map(toDeptDto), rows.length);
  }

  /** The whole visible tree (data-scoped), children nested, sorted by deptSort. */
  async tree(principal: Principal, enabled?: boolean): Promise<Page<DeptDto>> {
    const qb = this.scoped(principal);
    if (!qb) return page([], 0);
    if (enabled !== undefined) qb.andWhere('d.enabled = :enabled', { enabled });
    const rows = await this.ordered(qb).getMany();
    return page(buildTree(rows.map(toDeptDto), true), rows.length);
  }

  /** Enabled children of `pid` (none or 0 = the top level), unscoped: the work screens' pickers. */
  async lookup(pid?: number): Promise<Page<DeptDto>> {
    const qb = this.repo.createQueryBuilder('d').where('d.enabled = true');
    if (pid) qb.andWhere('d.pid = :pid', { pid });
    else qb.andWhere('d.pid IS NULL');
    const rows = await this.ordered(qb).getMany();
    return page(rows.map(toDeptDto), rows.length);
  }

  /** The whole enabled tree, unscoped (see lookup). */
  async lookupTree(): Promise<Page<DeptDto>> {
    const rows = await this.ordered(this.repo.createQueryBuilder('d').where('d.enabled = true')).getMany();
    return page(buildTree(rows.map(toDeptDto), true), rows.length);
  }

  /**
   * Pickers in the edit forms: for each id its siblings and the siblings of every ancestor up to the
   * top level, as a tree. With `exclude` the ids themselves (and anything below them) go, so a dept
   * cannot be put under itself, and their parents' subCount is reduced accordingly. Restricted
   * callers only get in-scope depts.
   */
  async superior(principal: Principal, ids: number[], exclude: boolean): Promise<Page<DeptDto>> {
    const found = await this.repo.findBy({ id: In(ids) });
    if (found.length !== ids.length) throw DomainException.notFound('所选部门不存在或已被删除');
    const rows: Array<{ id: number }> = await this.db.query(
      `WITH RECURSIVE up AS (
         SELECT id, pid FROM sys_dept WHERE id = ANY($1::int[])
         UNION
         SELECT d.id, d.pid FROM sys_dept d JOIN up ON d.id = up.pid
       )
       SELECT DISTINCT s.id FROM up JOIN sys_dept s ON s.pid IS NOT DISTINCT FROM up.pid`,
      [ids],
    );
    const removed = new Set(exclude ? await this.descendants(ids) : []);
    const scope = principal.dataScope;
    const wanted = rows.map((r) => r.id).filter((id) => !removed.has(id) && (!scope || scope.includes(id)));
    const depts = wanted.length ? await this.ordered(this.repo.createQueryBuilder('d').where('d.id IN (:...wanted)', { wanted })).getMany() : [];
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
    const qb = this.scoped(principal);
    const rows = qb ? await this.applyFilters(qb, q).orderBy('d.deptSort', 'ASC').addOrderBy('d.id', 'ASC').take(EXPORT_MAX_ROWS).getMany() : [];
    return xlsxFile('部门数据', [
      { header: '部门名称', value: (d: Dept) => d.name },
      { header: '部门状态', value: (d) => (d.enabled ? '启用' : '停用') },
      { header: '创建日期', value: (d) => d.createTime, width: 20 },
    ], rows);
  }

  /** Ids of the depts plus all their descendants (enabled or not). */
  descendants(ids: number[], em: DataSource | EntityManager = this.db): Promise<number[]> {
    return deptWithDescendants(em, ids, false);
  }

  private assertInScope(principal: Principal, ids: Array<number | null>): void {
    const scope = principal.dataScope;
    if (scope && ids.some((id) => id == null || !scope.includes(id))) throw DomainException.forbidden('不能操作数据权限范围以外的部门');
  }

  /** Locks the rows (in id order, against concurrent subCount updates) and returns the ids that exist. */
  private async lock(em: EntityManager, ids: Array<number | null>): Promise<Set<number>> {
    const list = [...new Set(ids.filter((id): id is number => id != null))];
    if (!list.length) return new Set();
    const rows: Array<{ id: number }> = await em.query('SELECT id FROM sys_dept WHERE id = ANY($1::int[]) ORDER BY id FOR UPDATE', [list]);
    return new Set(rows.map((r) => r.id));
  }

  /** Recomputes subCount of the given depts from their children. */
  private async recount(em: EntityManager, ids: Array<number | null>): Promise<void> {
    const list = [...new Set(ids.filter((id): id is number => id != null))];
    if (!list.length) return;
    await em.query('UPDATE sys_dept d SET sub_count = (SELECT count(*) FROM sys_dept c WHERE c.pid = d.id) WHERE d.id = ANY($1::int[])', [list]);
  }

  async create(principal: Principal, dto: DeptWriteDto): Promise<DeptDto> {
    const pid = toPid(dto.pid);
    this.assertInScope(principal, [pid]);
    const saved = await this.db.transaction(async (em) => {
      if (pid != null && !(await this.lock(em, [pid])).has(pid)) throw DomainException.badRequest('上级部门不存在');
      const dept = await em.save(em.create(Dept, { pid, name: dto.name, deptSort: dto.deptSort ?? 999, enabled: dto.enabled, subCount: 0 }));
      await this.recount(em, [pid]);
      return dept;
    });
    this.principals.invalidate();
    return toDeptDto(saved);
  }

  async update(principal: Principal, dto: DeptUpdateDto): Promise<void> {
    const pid = toPid(dto.pid);
    if (pid === dto.id) throw DomainException.badRequest('上级部门不能为自己');
    await this.db.transaction(async (em) => {
      const dept = await em.findOneBy(Dept, { id: dto.id });
      if (!dept) throw DomainException.notFound(`部门不存在: id is ${dto.id}`);
      this.assertInScope(principal, dept.pid === pid ? [dept.id] : [dept.id, pid]);
      const oldPid = dept.pid;
      const existing = await this.lock(em, [oldPid, pid, dept.id]);
      if (pid != null) {
        if (!existing.has(pid)) throw DomainException.badRequest('上级部门不存在');
        if ((await this.descendants([dept.id], em)).includes(pid)) throw DomainException.badRequest('上级部门不能为自己的下级部门');
      }
      await em.save(Object.assign(dept, { pid, name: dto.name, deptSort: dto.deptSort ?? dept.deptSort, enabled: dto.enabled }));
      if (oldPid !== pid) await this.recount(em, [oldPid, pid]);
    });
    this.principals.invalidate();
  }

  /** Deletes the depts and all their descendants, unless users or roles still reference any of them. */
  async delete(principal: Principal, ids: number[]): Promise<void> {
    await this.db.transaction(async (em) => {
      const found = await em.findBy(Dept, { id: In(ids) });
      if (!found.length) throw DomainException.notFound('所选部门不存在或已被删除');
      const all = await this.descendants(found.map((d) => d.id), em);
      this.assertInScope(principal, all);
      const [{ users }]: Array<{ users: number }> = await em.query('SELECT count(*)::int AS users FROM sys_user WHERE dept_id = ANY($1::int[])', [all]);
      if (users > 0) throw DomainException.badRequest('所选部门存在用户关联，请解除后再试！', ErrorCode.InUse);
      const [{ roles }]: Array<{ roles: number }> = await em.query('SELECT count(*)::int AS roles FROM sys_roles_depts WHERE dept_id = ANY($1::int[])', [all]);
      if (roles > 0) throw DomainException.badRequest('所选部门存在角色关联，请解除后再试！', ErrorCode.InUse);
      // products and manuscripts name their unit / submitting department
      const [{ work }]: Array<{ work: number }> = await em.query(
        'SELECT (SELECT count(*) FROM product_setting WHERE dept_id = ANY($1::int[])) + (SELECT count(*) FROM manuscript WHERE dept_id = ANY($1::int[]))::int AS work',
        [all],
      );
      if (Number(work) > 0) throw DomainException.badRequest('所选部门存在产品或稿件关联，请解除后再试！', ErrorCode.InUse);
      const parents: Array<{ pid: number }> = await em.query(
        'SELECT DISTINCT pid FROM sys_dept WHERE id = ANY($1::int[]) AND pid IS NOT NULL AND NOT (pid = ANY($1::int[]))',
        [all],
      );
      await this.lock(em, parents.map((p) => p.pid));
      await em.delete(Dept, { id: In(all) });
      await this.recount(em, parents.map((p) => p.pid));
    });
    this.principals.invalidate();
  }
}
