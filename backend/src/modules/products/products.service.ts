import { Inject, Injectable, type StreamableFile } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, type EntityManager, In, type SelectQueryBuilder } from 'typeorm';
import { record } from '../../common/access/ability.js';
import type { Principal } from '../../common/auth/principal.js';
import { FILE } from '../storage/index.js';
import { DomainException, ErrorCode } from '../../common/errors/domain.exception.js';
import { EXPORT_MAX_ROWS, xlsxFile } from '../../common/http/export.js';
import { isIntId, parseIdCsv } from '../../common/http/id-list.js';
import { applyListQuery, likePattern, page, type Page, parseSort } from '../../common/http/list-query.js';
import { APP_CONFIG, type AppConfig } from '../../config/config.js';
import { Dept } from '../dept/dept.entity.js';
import { StoredFile } from '../storage/file.entity.js';
import { User } from '../users/user.entity.js';
import { assertColumnsUnused } from './product-columns.service.js';
import {
  type ColumnEntryDto,
  PERIOD_DICT,
  PRODUCT_MESSAGES,
  type ProductDto,
  type ProductAllQuery,
  type ProductOptionDto,
  type ProductQuery,
  type ProductUpdateDto,
  type ProductWriteDto,
} from './product.dto.js';
import { ProductColumn, ProductSetting } from './product.entity.js';
import { ProductPolicy } from './product.policy.js';
import { byColumnOrder, type ColumnInput, columnIdList, effectiveWeekly, planColumns } from './product.rules.js';

const SORT = { id: 'p.id', name: 'p.name', createTime: 'p.createTime', type: 'p.type', period: 'p.period' };
/** Product writes (create, edit, delete) run one at a time: name uniqueness and the single weekly flag hold. */
const WRITE_LOCK = ['product_setting', 0] as const;
/** `form_type` of a product's template in `sys_file`. */
export const PRODUCT_FORM_TYPE = 'product';

const TYPE_LABELS: Record<string, string> = { '1': '常规期', '2': '专刊' };
const CONTENT_TYPE_LABELS: Record<string, string> = { '1': '摘要', '2': '全文' };

const toEntry = (c: ProductColumn): ColumnEntryDto => ({ id: c.id, sort: c.sort, name: c.name, status: c.status });

/**
 * Products (`api/productSetting`) and the product services other modules use: `assertProduct`,
 * `columnsOf`, `assertColumns` (submission columns), `weeklyProductId`, `productRefs`.
 */
@Injectable()
export class ProductsService {
  constructor(
    @InjectDataSource() private readonly db: DataSource,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly policy: ProductPolicy,
  ) {}

  private get repo() {
    return this.db.getRepository(ProductSetting);
  }

  // ---------------------------------------------------------------- services for other modules

  /** The product, or null (ids outside the int range are simply not found). */
  async findProduct(id: number, em: EntityManager = this.db.manager): Promise<ProductSetting | null> {
    return isIntId(id) ? em.findOneBy(ProductSetting, { id }) : null;
  }

  /** 400 `请选择产品` without an id, 404 `产品不存在` for an unknown one. */
  async assertProduct(productId: unknown, em: EntityManager = this.db.manager): Promise<ProductSetting> {
    if (productId === undefined || productId === null || productId === '' || productId === 0) {
      throw DomainException.badRequest(PRODUCT_MESSAGES.productRequired, ErrorCode.Validation);
    }
    const id = typeof productId === 'string' && /^\d+$/.test(productId) ? Number(productId) : productId;
    const product = isIntId(id) ? await em.findOneBy(ProductSetting, { id }) : null;
    if (!product) throw DomainException.notFound(PRODUCT_MESSAGES.productMissing);
    return product;
  }

  /** The product's columns by sort then id; `enabledOnly` leaves out disabled ones. */
  async columnsOf(productId: number, options: { enabledOnly?: boolean } = {}, em: EntityManager = this.db.manager): Promise<ColumnEntryDto[]> {
    if (!isIntId(productId)) return [];
    const rows = await em.find(ProductColumn, { where: { productId, ...(options.enabledOnly ? { status: true } : {}) }, order: { sort: 'ASC', id: 'ASC' } });
    return rows.map(toEntry);
  }

  /**
   * The columns of a submission: `productId` must name a product (400 `请选择产品` / 404 `产品不存在`),
   * `columnIds` (array of ids or digit strings, or a comma string) must be non-empty and every one an
   * enabled column of that product, else 400 `请选择投稿栏目`. Answers the columns in the given order,
   * repeats dropped. Inside a transaction (`em`) the columns are key-share locked until it ends, so
   * they cannot be deleted before the manuscript refers to them.
   */
  async assertColumns(productId: unknown, columnIds: unknown, em: EntityManager = this.db.manager): Promise<ColumnEntryDto[]> {
    const product = await this.assertProduct(productId, em);
    const ids = columnIdList(columnIds);
    const rows: Array<ColumnEntryDto & { productId: number }> = await em.query(
      'SELECT id, product_id AS "productId", sort, name, status FROM product_column WHERE id = ANY($1::int[]) FOR KEY SHARE',
      [ids],
    );
    const byId = new Map(rows.map((r) => [r.id, r]));
    const columns = ids.map((id) => byId.get(id));
    if (!columns.every((c) => c !== undefined && c.productId === product.id && c.status)) {
      throw DomainException.badRequest(PRODUCT_MESSAGES.columnsRequired, ErrorCode.Validation);
    }
    return columns.map((c) => ({ id: c!.id, sort: c!.sort, name: c!.name, status: c!.status }));
  }

  /** The weekly product: `WEEKLY_PRODUCT_ID` when configured, else the flagged product (null when none). */
  async weeklyProductId(em: EntityManager = this.db.manager): Promise<number | null> {
    if (this.config.weeklyProductId !== undefined) return this.config.weeklyProductId;
    const row = await em.findOne(ProductSetting, { select: { id: true }, where: { isWeekly: true }, order: { id: 'ASC' } });
    return row?.id ?? null;
  }

  async isWeekly(productId: number): Promise<boolean> {
    return (await this.weeklyProductId()) === productId;
  }

  /** `{id, name}` of the products with these ids (unknown ids are left out). */
  async productRefs(ids: number[], em: EntityManager = this.db.manager): Promise<Map<number, { id: number; name: string }>> {
    const wanted = [...new Set(ids.filter(isIntId))];
    const rows = wanted.length ? await em.find(ProductSetting, { select: { id: true, name: true }, where: { id: In(wanted) } }) : [];
    return new Map(rows.map((r) => [r.id, { id: r.id, name: r.name }]));
  }

  /** `{id, name}` of the columns with these ids (unknown ids are left out). */
  async columnRefs(ids: number[], em: EntityManager = this.db.manager): Promise<Map<number, { id: number; name: string }>> {
    const wanted = [...new Set(ids.filter(isIntId))];
    const rows = wanted.length ? await em.find(ProductColumn, { select: { id: true, name: true }, where: { id: In(wanted) } }) : [];
    return new Map(rows.map((r) => [r.id, { id: r.id, name: r.name }]));
  }

  // ---------------------------------------------------------------- api/productSetting

  private filtered(q: ProductQuery): SelectQueryBuilder<ProductSetting> {
    const qb = this.repo.createQueryBuilder('p');
    if (q.name) qb.andWhere('p.name ILIKE :name', { name: likePattern(q.name) });
    return qb;
  }

  private weekly(p: ProductSetting): boolean {
    return effectiveWeekly(p.id, p.isWeekly, this.config.weeklyProductId);
  }

  /** Wire records of these products: unit, editors, template and columns loaded in one query each. */
  private async toDtos(rows: ProductSetting[], em: EntityManager = this.db.manager): Promise<ProductDto[]> {
    if (!rows.length) return [];
    const deptIds = [...new Set(rows.map((r) => r.deptId))];
    const userIds = [...new Set(rows.flatMap((r) => parseIdCsv(r.editorIds)).filter(isIntId))];
    const fileIds = [...new Set(rows.map((r) => r.templateFileId).filter((id): id is number => id !== null))];
    const [depts, users, files, columns] = await Promise.all([
      em.find(Dept, { select: { id: true, name: true }, where: { id: In(deptIds) } }),
      userIds.length ? em.find(User, { select: { id: true, nickName: true }, where: { id: In(userIds) } }) : [],
      fileIds.length ? em.find(StoredFile, { select: { id: true, realName: true }, where: { id: In(fileIds) } }) : [],
      em.find(ProductColumn, { where: { productId: In(rows.map((r) => r.id)) }, order: { sort: 'ASC', id: 'ASC' } }),
    ]);
    const deptById = new Map(depts.map((d) => [d.id, { id: d.id, name: d.name }]));
    const userById = new Map(users.map((u) => [u.id, { id: u.id, nickName: u.nickName }]));
    const fileById = new Map(files.map((f) => [f.id, { id: f.id, realName: f.realName }]));
    return rows.map((p) => {
      const file = p.templateFileId === null ? undefined : fileById.get(p.templateFileId);
      return {
        id: p.id,
        name: p.name,
        deptId: p.deptId,
        dept: deptById.get(p.deptId) ?? null,
        editorIds: p.editorIds,
        editors: parseIdCsv(p.editorIds).flatMap((id) => userById.get(id) ?? []),
        period: p.period,
        type: p.type,
        contentType: p.contentType,
        fileIds: p.templateFileId === null ? null : String(p.templateFileId),
        files: file ? [file] : [],
        columnList: columns.filter((c) => c.productId === p.id).map(toEntry),
        isWeekly: this.weekly(p),
        createTime: p.createTime,
        createBy: p.createBy,
      };
    });
  }

  async list(q: ProductQuery): Promise<Page<ProductDto>> {
    const [rows, total] = await applyListQuery(this.filtered(q), q, SORT).getManyAndCount();
    return page(await this.toDtos(rows), total);
  }

  /**
   * Every product for choice lists, by name; with `editable: true` only those whose journals the
   * caller may write (ProductPolicy, one query for all of them).
   */
  async all(q: ProductAllQuery, user: Principal): Promise<ProductOptionDto[]> {
    let rows = await this.repo.find({ order: { name: 'ASC', id: 'ASC' } });
    if (q.editable === true) {
      const editable = await this.policy.editableProducts(user, rows.map((p) => p.id));
      rows = rows.filter((p) => editable.has(p.id));
    }
    return rows.map((p) => ({ id: p.id, name: p.name, period: p.period, type: p.type, contentType: p.contentType, isWeekly: this.weekly(p) }));
  }

  async findOne(id: number): Promise<ProductDto> {
    const product = await this.findProduct(id);
    if (!product) throw DomainException.notFound(PRODUCT_MESSAGES.productMissing);
    return (await this.toDtos([product]))[0];
  }

  async download(q: ProductQuery): Promise<StreamableFile> {
    const qb = this.filtered(q);
    parseSort(q.sort, SORT, ['id,desc']).forEach((o, i) => (i === 0 ? qb.orderBy(o.expr, o.dir) : qb.addOrderBy(o.expr, o.dir)));
    const products = await this.toDtos(await qb.addOrderBy('p.id', 'DESC').take(EXPORT_MAX_ROWS).getMany());
    const periods = await this.periodLabels();
    return xlsxFile('产品设置', [
      { header: '产品名称', value: (p: ProductDto) => p.name, width: 24 },
      { header: '所属单位', value: (p) => p.dept?.name, width: 16 },
      { header: '产品类型', value: (p) => TYPE_LABELS[p.type] ?? p.type },
      { header: '稿件类型', value: (p) => CONTENT_TYPE_LABELS[p.contentType] ?? p.contentType },
      { header: '主编', value: (p) => p.editors.map((e) => e.nickName).join('、') || null, width: 20 },
      { header: '栏目', value: (p) => p.columnList.map((c) => c.name).join('、') || null, width: 40 },
      { header: '产品周期', value: (p) => (p.period ? (periods.get(p.period) ?? p.period) : null) },
      { header: '模板文件', value: (p) => p.files.map((f) => f.realName).join('、') || null, width: 24 },
      { header: '周刊', value: (p) => (p.isWeekly ? '是' : '否') },
      { header: '创建时间', value: (p) => p.createTime, width: 20 },
    ], products);
  }

  private async periodLabels(em: EntityManager = this.db.manager): Promise<Map<string, string>> {
    const rows: Array<{ value: string; label: string }> = await em.query(
      'SELECT dd.value, dd.label FROM sys_dict_detail dd JOIN sys_dict d ON d.id = dd.dict_id WHERE d.name = $1',
      [PERIOD_DICT],
    );
    return new Map(rows.map((r) => [r.value, r.label]));
  }

  // ---------------------------------------------------------------- writes

  private async lockWrites(em: EntityManager): Promise<void> {
    await em.query('SELECT pg_advisory_xact_lock(hashtext($1), $2)', [...WRITE_LOCK]);
  }

  private async assertUniqueName(em: EntityManager, name: string, exceptId?: number): Promise<void> {
    const same = await em.findOneBy(ProductSetting, { name });
    if (same && same.id !== exceptId) throw DomainException.conflict(PRODUCT_MESSAGES.nameTaken, ErrorCode.Duplicate);
  }

  /**
   * Unit, editors, period and template of a write must exist. On an edit only what changes is checked:
   * a product keeps a unit, editor, period or template that has since disappeared until it is changed.
   */
  private async assertReferences(em: EntityManager, dto: ProductWriteDto, user: Principal, current?: ProductSetting): Promise<void> {
    if (dto.deptId !== current?.deptId && !(await em.existsBy(Dept, { id: dto.deptId }))) {
      throw DomainException.badRequest(PRODUCT_MESSAGES.deptMissing, ErrorCode.Validation);
    }
    const kept = new Set(parseIdCsv(current?.editorIds));
    const added = parseIdCsv(dto.editorIds).filter((id) => !kept.has(id));
    if (added.length && (await em.countBy(User, { id: In(added) })) !== added.length) {
      throw DomainException.badRequest(PRODUCT_MESSAGES.editorsMissing, ErrorCode.Validation);
    }
    if (dto.period && dto.period !== current?.period && !(await this.periodLabels(em)).has(dto.period)) {
      throw DomainException.badRequest(PRODUCT_MESSAGES.periodMissing, ErrorCode.Validation);
    }
    if (dto.fileIds && dto.fileIds !== current?.templateFileId) await this.assertTemplate(em, dto.fileIds, current?.id, user);
  }

  /**
   * The template must be a stored word file attached to nothing else (free, or already this
   * product's). Locked until the write commits.
   */
  private async assertTemplate(em: EntityManager, fileId: number, productId: number | undefined, user: Principal): Promise<void> {
    const rows: Array<{ type: string; formType: string | null; formId: number | null; handlerId: number | null }> = await em.query(
      'SELECT type, form_type AS "formType", form_id AS "formId", handler_id AS "handlerId" FROM sys_file WHERE id = $1 FOR UPDATE',
      [fileId],
    );
    const file = rows[0];
    const ours = file && file.formType === PRODUCT_FORM_TYPE && file.formId != null && file.formId === productId;
    // a free file must be the caller's own upload (or the caller may manage files): nobody claims another's upload by its id
    const claimable = file && user.ability.can('claim', record(FILE, { handlerId: file.handlerId }));
    const free = file && (ours || (claimable && (file.formType === null || (file.formType === PRODUCT_FORM_TYPE && file.formId === null))));
    const taken = free && (await em.query('SELECT 1 FROM product_setting WHERE template_file_id = $1 AND id <> $2 LIMIT 1', [fileId, productId ?? 0])).length > 0;
    if (!file || file.type !== 'word' || !free || taken) throw DomainException.badRequest(PRODUCT_MESSAGES.templateMissing, ErrorCode.Validation);
  }

  /** Points the product's template file at the product; a replaced template is released. */
  private async linkTemplate(em: EntityManager, productId: number, fileId: number | null): Promise<void> {
    await em.query('UPDATE sys_file SET form_type = NULL, form_id = NULL, update_time = now() WHERE form_type = $1 AND form_id = $2 AND id IS DISTINCT FROM $3', [
      PRODUCT_FORM_TYPE,
      productId,
      fileId,
    ]);
    if (fileId !== null) await em.query('UPDATE sys_file SET form_type = $1, form_id = $2, update_time = now() WHERE id = $3', [PRODUCT_FORM_TYPE, productId, fileId]);
  }

  /** One weekly product: flagging one clears the others. */
  private async setWeekly(em: EntityManager, productId: number): Promise<void> {
    await em.query('UPDATE product_setting SET is_weekly = false WHERE is_weekly AND id <> $1', [productId]);
  }

  private async insertColumns(em: EntityManager, productId: number, rows: Array<Omit<ColumnEntryDto, 'id'>>): Promise<void> {
    if (rows.length) await em.save(rows.map((r) => em.create(ProductColumn, { productId, ...r })));
  }

  async create(dto: ProductWriteDto, user: Principal): Promise<ProductDto> {
    const id = await this.db.transaction(async (em) => {
      await this.lockWrites(em);
      await this.assertUniqueName(em, dto.name);
      await this.assertReferences(em, dto, user);
      const product = await em.save(
        em.create(ProductSetting, {
          name: dto.name,
          deptId: dto.deptId,
          editorIds: dto.editorIds ?? null,
          period: dto.period ?? null,
          type: dto.type ?? '1',
          contentType: dto.contentType ?? '2',
          templateFileId: dto.fileIds ?? null,
          isWeekly: dto.isWeekly ?? false,
        }),
      );
      // A new product has no columns yet: every row is added (ids sent by a copying client are ignored).
      const { inserts } = planColumns([], (dto.columnList ?? []).map((c): ColumnInput => ({ ...c, id: undefined })));
      await this.insertColumns(em, product.id, inserts);
      if (product.templateFileId !== null) await this.linkTemplate(em, product.id, product.templateFileId);
      if (product.isWeekly) await this.setWeekly(em, product.id);
      return product.id;
    });
    return this.findOne(id);
  }

  /**
   * Fields left out (undefined) keep their value; `null`/'' clears the optional ones. A `columnList`
   * replaces the columns in the same transaction: listed ids updated, rows without id added, the
   * rest removed — unless manuscripts were submitted to one (409, nothing changed).
   */
  async update(dto: ProductUpdateDto, user: Principal): Promise<void> {
    await this.db.transaction(async (em) => {
      await this.lockWrites(em);
      const product = isIntId(dto.id) ? await em.findOne(ProductSetting, { where: { id: dto.id }, lock: { mode: 'for_no_key_update' } }) : null;
      if (!product) throw DomainException.notFound(PRODUCT_MESSAGES.productMissing);
      await this.assertUniqueName(em, dto.name, product.id);
      await this.assertReferences(em, dto, user, product);

      if (dto.columnList) {
        const existing = await em.find(ProductColumn, { where: { productId: product.id }, order: { sort: 'ASC', id: 'ASC' } });
        const plan = planColumns(existing.map(toEntry), dto.columnList);
        if (plan.removed.length) {
          const removedIds = plan.removed.map((c) => c.id);
          await em.query('SELECT id FROM product_column WHERE id = ANY($1::int[]) ORDER BY id FOR UPDATE', [removedIds]);
          await assertColumnsUnused(em, [...plan.removed].sort(byColumnOrder));
          await em.delete(ProductColumn, { id: In(removedIds) });
        }
        const byId = new Map(existing.map((c) => [c.id, c]));
        const changed = plan.updates
          .map((u) => ({ entity: byId.get(u.id)!, u }))
          .filter(({ entity, u }) => entity.sort !== u.sort || entity.name !== u.name || entity.status !== u.status)
          .map(({ entity, u }) => Object.assign(entity, { sort: u.sort, name: u.name, status: u.status }));
        if (changed.length) await em.save(changed);
        await this.insertColumns(em, product.id, plan.inserts);
      }

      Object.assign(product, {
        name: dto.name,
        deptId: dto.deptId,
        editorIds: dto.editorIds === undefined ? product.editorIds : dto.editorIds,
        period: dto.period === undefined ? product.period : dto.period,
        type: dto.type ?? product.type,
        contentType: dto.contentType ?? product.contentType,
        templateFileId: dto.fileIds === undefined ? product.templateFileId : dto.fileIds,
        isWeekly: dto.isWeekly ?? product.isWeekly,
      });
      await em.save(product);
      await this.linkTemplate(em, product.id, product.templateFileId);
      if (product.isWeekly) await this.setWeekly(em, product.id);
    });
  }

  /**
   * 404 when none of the ids is a product; 409 naming the first product (by id) that has journals or
   * manuscripts, nothing deleted. Columns go with the product; its template is released.
   */
  async delete(ids: number[]): Promise<void> {
    await this.db.transaction(async (em) => {
      await this.lockWrites(em);
      // FOR UPDATE conflicts with the key-share lock a journal or manuscript insert takes on its product.
      const products: Array<{ id: number; name: string }> = await em.query('SELECT id, name FROM product_setting WHERE id = ANY($1::int[]) ORDER BY id FOR UPDATE', [
        ids.filter(isIntId),
      ]);
      if (!products.length) throw DomainException.notFound(PRODUCT_MESSAGES.productMissing);
      const found = products.map((p) => p.id);
      const used: Array<{ productId: number }> = await em.query(
        `SELECT product_id AS "productId" FROM product_journal WHERE product_id = ANY($1::int[])
         UNION SELECT product_id FROM manuscript WHERE product_id = ANY($1::int[])`,
        [found],
      );
      const usedIds = new Set(used.map((u) => u.productId));
      const first = products.find((p) => usedIds.has(p.id));
      if (first) throw DomainException.conflict(PRODUCT_MESSAGES.productInUse(first.name), ErrorCode.InUse);
      await em.query('UPDATE sys_file SET form_type = NULL, form_id = NULL, update_time = now() WHERE form_type = $1 AND form_id = ANY($2::int[])', [
        PRODUCT_FORM_TYPE,
        found,
      ]);
      await em.query('DELETE FROM product_column WHERE product_id = ANY($1::int[])', [found]);
      await em.query('DELETE FROM product_setting WHERE id = ANY($1::int[])', [found]);
    });
  }
}
