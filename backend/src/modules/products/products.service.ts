import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { Inject, Injectable, StreamableFile } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { record } from '../../common/access/ability.js';
import type { Principal } from '../../common/auth/principal.js';
import { FILE, FilesService } from '../storage/index.js';
import { DomainException, ErrorCode } from '../../common/errors/domain.exception.js';
import { xlsxFile } from '../../common/http/export.js';
import { isIntId, parseIdCsv } from '../../common/http/id-list.js';
import { page, type Page } from '../../common/http/list-query.js';
import { APP_CONFIG, type AppConfig } from '../../config/config.js';
import { DeptService } from '../dept/index.js';
import { UsersService } from '../users/index.js';
import { assertColumnsUnused } from './product-columns.service.js';
import {
  type ColumnEntryDto,
  PRODUCT_MESSAGES,
  type ProductDto,
  type ProductAllQuery,
  type ProductOptionDto,
  type ProductQuery,
  type ProductUpdateDto,
  type ProductWriteDto,
} from './product.dto.js';
import type { ProductColumn, ProductSetting } from './product.entity.js';
import { ProductPolicy } from './product.policy.js';
import { ProductsRepository } from './products.repository.js';
import { byColumnOrder, type ColumnInput, columnIdList, effectiveWeekly, planColumns } from './product.rules.js';

/** `form_type` of a product's template in `sys_file`. */
export const PRODUCT_FORM_TYPE = 'product';

const TYPE_LABELS: Record<string, string> = { '1': '常规期', '2': '专刊' };
const CONTENT_TYPE_LABELS: Record<string, string> = { '1': '摘要', '2': '全文' };

const toEntry = (c: ProductColumn): ColumnEntryDto => ({ id: c.id, sort: c.sort, name: c.name, status: c.status });

/**
 * Products (`api/productSetting`) and the product services other modules use: `assertProduct`,
 * `columnsOf`, `assertColumns` (submission columns), `weeklyProductId`, `productRefs`.
 */
/** The Word mime type. */
export const DOCX = 'application/vnd.openxmlformats-officedocument.wordprocessingml.document';
/** backend/assets/journal-template-sample.docx, from src/ (tests) and dist/ (the server) alike. */
const TEMPLATE_SAMPLE = join(__dirname, '../../../assets/journal-template-sample.docx');

@Injectable()
export class ProductsService {
  constructor(
    private readonly products: ProductsRepository,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly policy: ProductPolicy,
    private readonly depts: DeptService,
    private readonly files: FilesService,
    private readonly users: UsersService,
  ) {}

  // ---------------------------------------------------------------- services for other modules

  /** The product, or null (ids outside the int range are simply not found). */
  async findProduct(id: number, em?: EntityManager): Promise<ProductSetting | null> {
    return isIntId(id) ? this.products.findById(id, em) : null;
  }

  /** 400 `请选择产品` without an id, 404 `产品不存在` for an unknown one. */
  async assertProduct(productId: unknown, em?: EntityManager): Promise<ProductSetting> {
    if (productId === undefined || productId === null || productId === '' || productId === 0) {
      throw DomainException.badRequest(PRODUCT_MESSAGES.productRequired, ErrorCode.Validation);
    }
    const id = typeof productId === 'string' && /^\d+$/.test(productId) ? Number(productId) : productId;
    const product = isIntId(id) ? await this.products.findById(id, em) : null;
    if (!product) throw DomainException.notFound(PRODUCT_MESSAGES.productMissing);
    return product;
  }

  /** The product's columns by sort then id; `enabledOnly` leaves out disabled ones. */
  async columnsOf(productId: number, options: { enabledOnly?: boolean } = {}, em?: EntityManager): Promise<ColumnEntryDto[]> {
    if (!isIntId(productId)) return [];
    const rows = await this.products.columnsOf(productId, !!options.enabledOnly, em);
    return rows.map(toEntry);
  }

  /**
   * The columns of a submission: `productId` must name a product (400 `请选择产品` / 404 `产品不存在`),
   * `columnIds` (array of ids or digit strings, or a comma string) must be non-empty and every one an
   * enabled column of that product, else 400 `请选择投稿栏目`. Answers the columns in the given order,
   * repeats dropped. Inside a transaction (`em`) the columns are key-share locked until it ends, so
   * they cannot be deleted before the manuscript refers to them.
   */
  async assertColumns(productId: unknown, columnIds: unknown, em?: EntityManager): Promise<ColumnEntryDto[]> {
    const product = await this.assertProduct(productId, em);
    const ids = columnIdList(columnIds);
    const rows = await this.products.columnsKeyShare(ids, em);
    const byId = new Map(rows.map((r) => [r.id, r]));
    const columns = ids.map((id) => byId.get(id));
    if (!columns.every((c) => c !== undefined && c.productId === product.id && c.status)) {
      throw DomainException.badRequest(PRODUCT_MESSAGES.columnsRequired, ErrorCode.Validation);
    }
    return columns.map((c) => ({ id: c!.id, sort: c!.sort, name: c!.name, status: c!.status }));
  }

  /** The weekly product: `WEEKLY_PRODUCT_ID` when configured, else the flagged product (null when none). */
  async weeklyProductId(em?: EntityManager): Promise<number | null> {
    if (this.config.weeklyProductId !== undefined) return this.config.weeklyProductId;
    const row = await this.products.firstWeekly(em);
    return row?.id ?? null;
  }

  async isWeekly(productId: number): Promise<boolean> {
    return (await this.weeklyProductId()) === productId;
  }

  /** `{id, name}` of the products with these ids (unknown ids are left out). */
  async productRefs(ids: number[], em?: EntityManager): Promise<Map<number, { id: number; name: string }>> {
    const wanted = [...new Set(ids.filter(isIntId))];
    const rows = wanted.length ? await this.products.productNames(wanted, em) : [];
    return new Map(rows.map((r) => [r.id, { id: r.id, name: r.name }]));
  }

  /** `{id, name}` of the columns with these ids (unknown ids are left out). */
  async columnRefs(ids: number[], em?: EntityManager): Promise<Map<number, { id: number; name: string }>> {
    const wanted = [...new Set(ids.filter(isIntId))];
    const rows = wanted.length ? await this.products.columnNames(wanted, em) : [];
    return new Map(rows.map((r) => [r.id, { id: r.id, name: r.name }]));
  }

  // ---------------------------------------------------------------- api/productSetting

  private weekly(p: ProductSetting): boolean {
    return effectiveWeekly(p.id, p.isWeekly, this.config.weeklyProductId);
  }

  /** Wire records of these products: unit, editors, template and columns loaded in one query each. */
  private async toDtos(rows: ProductSetting[]): Promise<ProductDto[]> {
    if (!rows.length) return [];
    const deptIds = [...new Set(rows.map((r) => r.deptId))];
    const userIds = [...new Set(rows.flatMap((r) => parseIdCsv(r.editorIds)).filter(isIntId))];
    const fileIds = [...new Set(rows.map((r) => r.templateFileId).filter((id): id is number => id !== null))];
    const [depts, users, files, columns] = await Promise.all([
      this.depts.findByIds(deptIds),
      userIds.length ? this.users.nickNames(userIds) : [],
      fileIds.length ? this.files.findDtos(fileIds) : [],
      this.products.columnsOfProducts(rows.map((r) => r.id)),
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
    const [rows, total] = await this.products.page(q);
    return page(await this.toDtos(rows), total);
  }

  /**
   * Every product for choice lists, by name; with `editable: true` only those whose journals the
   * caller may write (ProductPolicy, one query for all of them).
   */
  async all(q: ProductAllQuery, user: Principal): Promise<ProductOptionDto[]> {
    let rows = await this.products.allByName();
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

  /** `GET api/productSetting/templateSample`: the sample journal template (backend/assets, made by scripts/journal-template-sample.mjs). */
  templateSample(): StreamableFile {
    return new StreamableFile(readFileSync(TEMPLATE_SAMPLE), { type: DOCX, disposition: `attachment; filename="journal-template-sample.docx"; filename*=UTF-8''${encodeURIComponent('期刊模板样例')}.docx` });
  }

  async download(q: ProductQuery): Promise<StreamableFile> {
    const products = await this.toDtos(await this.products.exportRows(q));
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

  private async periodLabels(em?: EntityManager): Promise<Map<string, string>> {
    const rows = await this.products.periodLabels(em);
    return new Map(rows.map((r) => [r.value, r.label]));
  }

  // ---------------------------------------------------------------- writes

  private async assertUniqueName(em: EntityManager, name: string, exceptId?: number): Promise<void> {
    const same = await this.products.findByName(em, name);
    if (same && same.id !== exceptId) throw DomainException.conflict(PRODUCT_MESSAGES.nameTaken, ErrorCode.Duplicate);
  }

  /**
   * Unit, editors, period and template of a write must exist. On an edit only what changes is checked:
   * a product keeps a unit, editor, period or template that has since disappeared until it is changed.
   */
  private async assertReferences(em: EntityManager, dto: ProductWriteDto, user: Principal, current?: ProductSetting): Promise<void> {
    if (dto.deptId !== current?.deptId && !(await this.depts.findByIds([dto.deptId], em)).length) {
      throw DomainException.badRequest(PRODUCT_MESSAGES.deptMissing, ErrorCode.Validation);
    }
    const kept = new Set(parseIdCsv(current?.editorIds));
    const added = parseIdCsv(dto.editorIds).filter((id) => !kept.has(id));
    if (added.length && (await this.users.nickNames(added, em)).length !== added.length) {
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
    const file = await this.files.lockForClaim(em, fileId);
    const ours = file && file.formType === PRODUCT_FORM_TYPE && file.formId != null && file.formId === productId;
    // a free file must be the caller's own upload (or the caller may manage files): nobody claims another's upload by its id
    const claimable = file && user.ability.can('claim', record(FILE, { handlerId: file.handlerId }));
    const free = file && (ours || (claimable && (file.formType === null || (file.formType === PRODUCT_FORM_TYPE && file.formId === null))));
    const taken = free && (await this.products.templateTaken(em, fileId, productId ?? 0));
    if (!file || file.type !== 'word' || !free || taken) throw DomainException.badRequest(PRODUCT_MESSAGES.templateMissing, ErrorCode.Validation);
  }

  /** Points the product's template file at the product; a replaced template is released. */
  private async linkTemplate(em: EntityManager, productId: number, fileId: number | null): Promise<void> {
    await this.files.linkForm(em, PRODUCT_FORM_TYPE, productId, fileId);
  }

  /** One weekly product: flagging one clears the others. */
  private async setWeekly(em: EntityManager, productId: number): Promise<void> {
    await this.products.clearOtherWeekly(em, productId);
  }

  private async insertColumns(em: EntityManager, productId: number, rows: Array<Omit<ColumnEntryDto, 'id'>>): Promise<void> {
    if (rows.length) await this.products.insertColumns(em, productId, rows);
  }

  async create(dto: ProductWriteDto, user: Principal): Promise<ProductDto> {
    const id = await this.products.transaction(async (em) => {
      await this.products.lockWrites(em);
      await this.assertUniqueName(em, dto.name);
      await this.assertReferences(em, dto, user);
      const product = await this.products.insert(em, {
        name: dto.name,
        deptId: dto.deptId,
        editorIds: dto.editorIds ?? null,
        period: dto.period ?? null,
        type: dto.type ?? '1',
        contentType: dto.contentType ?? '2',
        templateFileId: dto.fileIds ?? null,
        isWeekly: dto.isWeekly ?? false,
      });
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
    await this.products.transaction(async (em) => {
      await this.products.lockWrites(em);
      const product = isIntId(dto.id) ? await this.products.lockForUpdate(em, dto.id) : null;
      if (!product) throw DomainException.notFound(PRODUCT_MESSAGES.productMissing);
      await this.assertUniqueName(em, dto.name, product.id);
      await this.assertReferences(em, dto, user, product);

      if (dto.columnList) {
        const existing = await this.products.columnsOf(product.id, false, em);
        const plan = planColumns(existing.map(toEntry), dto.columnList);
        if (plan.removed.length) {
          const removedIds = plan.removed.map((c) => c.id);
          await this.products.lockColumnIds(em, removedIds);
          await assertColumnsUnused(this.products, em, [...plan.removed].sort(byColumnOrder));
          await this.products.deleteColumnsById(em, removedIds);
        }
        const byId = new Map(existing.map((c) => [c.id, c]));
        const changed = plan.updates
          .map((u) => ({ entity: byId.get(u.id)!, u }))
          .filter(({ entity, u }) => entity.sort !== u.sort || entity.name !== u.name || entity.status !== u.status)
          .map(({ entity, u }) => Object.assign(entity, { sort: u.sort, name: u.name, status: u.status }));
        if (changed.length) await this.products.saveColumns(em, changed);
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
      await this.products.save(em, product);
      await this.linkTemplate(em, product.id, product.templateFileId);
      if (product.isWeekly) await this.setWeekly(em, product.id);
    });
  }

  /**
   * 404 when none of the ids is a product; 409 naming the first product (by id) that has journals or
   * manuscripts, nothing deleted. Columns go with the product; its template is released.
   */
  async delete(ids: number[]): Promise<void> {
    await this.products.transaction(async (em) => {
      await this.products.lockWrites(em);
      // FOR UPDATE conflicts with the key-share lock a journal or manuscript insert takes on its product.
      const products = await this.products.lockProducts(em, ids.filter(isIntId));
      if (!products.length) throw DomainException.notFound(PRODUCT_MESSAGES.productMissing);
      const found = products.map((p) => p.id);
      const usedIds = await this.products.productsInUse(em, found);
      const first = products.find((p) => usedIds.has(p.id));
      if (first) throw DomainException.conflict(PRODUCT_MESSAGES.productInUse(first.name), ErrorCode.InUse);
      await this.files.releaseForms(em, PRODUCT_FORM_TYPE, found);
      await this.products.deleteProducts(em, found);
    });
  }
}
