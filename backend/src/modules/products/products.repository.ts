import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, type EntityManager, In, type SelectQueryBuilder } from 'typeorm';
import { EXPORT_MAX_ROWS } from '../../common/http/export.js';
import { applyListQuery, likePattern, parseSort } from '../../common/http/list-query.js';
import { type ColumnEntryDto, type ColumnQuery, PERIOD_DICT, type ProductQuery } from './product.dto.js';
import { ProductColumn, ProductSetting } from './product.entity.js';

const SORT = { id: 'p.id', name: 'p.name', createTime: 'p.createTime', type: 'p.type', period: 'p.period' };
const COLUMN_SORT = { id: 'c.id', sort: 'c.sort', name: 'c.name', createTime: 'c.createTime' };
/** Product writes (create, edit, delete) run one at a time: name uniqueness and the single weekly flag hold. */
const WRITE_LOCK = ['product_setting', 0] as const;

/**
 * Every query of the products module (`product_setting`, `product_column`); ProductsService,
 * ProductColumnsService and ProductPolicy hold the rules. Methods run in `em`'s transaction when given.
 */
@Injectable()
export class ProductsRepository {
  constructor(@InjectDataSource() private readonly db: DataSource) {}

  /** Runs `fn` in one transaction. */
  transaction<T>(fn: (em: EntityManager) => Promise<T>): Promise<T> {
    return this.db.transaction(fn);
  }

  // ---------------------------------------------------------------- products

  findById(id: number, em: EntityManager = this.db.manager): Promise<ProductSetting | null> {
    return em.findOneBy(ProductSetting, { id });
  }

  findByName(em: EntityManager, name: string): Promise<ProductSetting | null> {
    return em.findOneBy(ProductSetting, { name });
  }

  /** The product, locked against other writes until the transaction ends. */
  lockForUpdate(em: EntityManager, id: number): Promise<ProductSetting | null> {
    return em.findOne(ProductSetting, { where: { id }, lock: { mode: 'for_no_key_update' } });
  }

  /** The product, key-share locked: it cannot be deleted before the transaction ends. */
  lockKeyShare(em: EntityManager, id: number): Promise<ProductSetting | null> {
    return em.findOne(ProductSetting, { where: { id }, lock: { mode: 'for_key_share' } });
  }

  /** The first product flagged weekly (by id). */
  firstWeekly(em: EntityManager = this.db.manager): Promise<ProductSetting | null> {
    return em.findOne(ProductSetting, { select: { id: true }, where: { isWeekly: true }, order: { id: 'ASC' } });
  }

  productNames(ids: number[], em: EntityManager = this.db.manager): Promise<ProductSetting[]> {
    return em.find(ProductSetting, { select: { id: true, name: true }, where: { id: In(ids) } });
  }

  /** Every product by name. */
  allByName(): Promise<ProductSetting[]> {
    return this.db.getRepository(ProductSetting).find({ order: { name: 'ASC', id: 'ASC' } });
  }

  /** Every product id, ascending. */
  allIds(): Promise<Array<{ id: number }>> {
    return this.db.query('SELECT id FROM product_setting ORDER BY id');
  }

  private filtered(q: ProductQuery): SelectQueryBuilder<ProductSetting> {
    const qb = this.db.getRepository(ProductSetting).createQueryBuilder('p');
    if (q.name) qb.andWhere('p.name ILIKE :name', { name: likePattern(q.name) });
    return qb;
  }

  /** A page of the filtered products and the total. */
  page(q: ProductQuery): Promise<[ProductSetting[], number]> {
    return applyListQuery(this.filtered(q), q, SORT).getManyAndCount();
  }

  /** The filtered products for the export, in the list's order (default newest first), at most EXPORT_MAX_ROWS. */
  exportRows(q: ProductQuery): Promise<ProductSetting[]> {
    const qb = this.filtered(q);
    parseSort(q.sort, SORT, ['id,desc']).forEach((o, i) => (i === 0 ? qb.orderBy(o.expr, o.dir) : qb.addOrderBy(o.expr, o.dir)));
    return qb.addOrderBy('p.id', 'DESC').take(EXPORT_MAX_ROWS).getMany();
  }

  /** Value → label of the product period dictionary. */
  periodLabels(em: EntityManager = this.db.manager): Promise<Array<{ value: string; label: string }>> {
    return em.query('SELECT dd.value, dd.label FROM sys_dict_detail dd JOIN sys_dict d ON d.id = dd.dict_id WHERE d.name = $1', [PERIOD_DICT]);
  }

  /** Serialises product writes until the transaction ends. */
  async lockWrites(em: EntityManager): Promise<void> {
    await em.query('SELECT pg_advisory_xact_lock(hashtext($1), $2)', [...WRITE_LOCK]);
  }

  /** Whether another product than `productId` (0: any) uses the file as its template. */
  async templateTaken(em: EntityManager, fileId: number, productId: number): Promise<boolean> {
    return (await em.query('SELECT 1 FROM product_setting WHERE template_file_id = $1 AND id <> $2 LIMIT 1', [fileId, productId])).length > 0;
  }

  /** One weekly product: clears the flag of the others. */
  async clearOtherWeekly(em: EntityManager, productId: number): Promise<void> {
    await em.query('UPDATE product_setting SET is_weekly = false WHERE is_weekly AND id <> $1', [productId]);
  }

  insert(em: EntityManager, values: Partial<ProductSetting>): Promise<ProductSetting> {
    return em.save(em.create(ProductSetting, values));
  }

  save(em: EntityManager, product: ProductSetting): Promise<ProductSetting> {
    return em.save(product);
  }

  /** The products, locked for update (conflicts with the key-share lock of a journal or manuscript insert). */
  lockProducts(em: EntityManager, ids: number[]): Promise<Array<{ id: number; name: string }>> {
    return em.query('SELECT id, name FROM product_setting WHERE id = ANY($1::int[]) ORDER BY id FOR UPDATE', [ids]);
  }

  /** Which of the products journals or manuscripts refer to. */
  async productsInUse(em: EntityManager, ids: number[]): Promise<Set<number>> {
    const used: Array<{ productId: number }> = await em.query(
      `SELECT product_id AS "productId" FROM product_journal WHERE product_id = ANY($1::int[])
         UNION SELECT product_id FROM manuscript WHERE product_id = ANY($1::int[])`,
      [ids],
    );
    return new Set(used.map((u) => u.productId));
  }

  /** Deletes the products and their columns. */
  async deleteProducts(em: EntityManager, ids: number[]): Promise<void> {
    await em.query('DELETE FROM product_column WHERE product_id = ANY($1::int[])', [ids]);
    await em.query('DELETE FROM product_setting WHERE id = ANY($1::int[])', [ids]);
  }

  // ---------------------------------------------------------------- columns

  /** The product's columns by sort then id; `enabledOnly` leaves out disabled ones. */
  columnsOf(productId: number, enabledOnly: boolean, em: EntityManager = this.db.manager): Promise<ProductColumn[]> {
    return em.find(ProductColumn, { where: { productId, ...(enabledOnly ? { status: true } : {}) }, order: { sort: 'ASC', id: 'ASC' } });
  }

  /** The columns of these products by sort then id. */
  columnsOfProducts(productIds: number[], em: EntityManager = this.db.manager): Promise<ProductColumn[]> {
    return em.find(ProductColumn, { where: { productId: In(productIds) }, order: { sort: 'ASC', id: 'ASC' } });
  }

  /** Every enabled column by sort then id. */
  enabledColumns(): Promise<ProductColumn[]> {
    return this.db.getRepository(ProductColumn).find({ where: { status: true }, order: { sort: 'ASC', id: 'ASC' } });
  }

  /** The columns, key-share locked in a transaction (they cannot be deleted before it ends). */
  columnsKeyShare(ids: number[], em: EntityManager = this.db.manager): Promise<Array<ColumnEntryDto & { productId: number }>> {
    return em.query('SELECT id, product_id AS "productId", sort, name, status FROM product_column WHERE id = ANY($1::int[]) FOR KEY SHARE', [ids]);
  }

  columnNames(ids: number[], em: EntityManager = this.db.manager): Promise<ProductColumn[]> {
    return em.find(ProductColumn, { select: { id: true, name: true }, where: { id: In(ids) } });
  }

  findColumn(id: number): Promise<ProductColumn | null> {
    return this.db.getRepository(ProductColumn).findOneBy({ id });
  }

  saveColumn(column: ProductColumn): Promise<ProductColumn> {
    return this.db.getRepository(ProductColumn).save(column);
  }

  /** A page of the columns (of one product or all) and the total, by sort then id unless sorted otherwise. */
  columnPage(q: ColumnQuery): Promise<[ProductColumn[], number]> {
    const qb = this.db.getRepository(ProductColumn).createQueryBuilder('c');
    if (q.productId !== undefined) qb.andWhere('c.productId = :productId', { productId: q.productId });
    return applyListQuery(qb, q, COLUMN_SORT, ['sort,asc', 'id,asc']).getManyAndCount();
  }

  /** The highest column sort of the product (null when it has none). */
  async maxColumnSort(em: EntityManager, productId: number): Promise<number | null> {
    const rows: Array<{ max: number | null }> = await em.query('SELECT max(sort) AS max FROM product_column WHERE product_id = $1', [productId]);
    return rows[0]?.max ?? null;
  }

  insertColumn(em: EntityManager, values: Partial<ProductColumn>): Promise<ProductColumn> {
    return em.save(em.create(ProductColumn, values));
  }

  async insertColumns(em: EntityManager, productId: number, rows: Array<Omit<ColumnEntryDto, 'id'>>): Promise<void> {
    await em.save(rows.map((r) => em.create(ProductColumn, { productId, ...r })));
  }

  async saveColumns(em: EntityManager, columns: ProductColumn[]): Promise<void> {
    await em.save(columns);
  }

  /** The columns, locked for update, by id. */
  lockColumns(em: EntityManager, ids: number[]): Promise<Array<{ id: number; name: string }>> {
    return em.query('SELECT id, name FROM product_column WHERE id = ANY($1::int[]) ORDER BY id FOR UPDATE', [ids]);
  }

  /** The columns locked for update (rows not read). */
  async lockColumnIds(em: EntityManager, ids: number[]): Promise<void> {
    await em.query('SELECT id FROM product_column WHERE id = ANY($1::int[]) ORDER BY id FOR UPDATE', [ids]);
  }

  /** Which of the columns manuscripts were submitted to. */
  async columnsInUse(em: EntityManager, ids: number[]): Promise<Set<number>> {
    const rows: Array<{ columnId: number }> = await em.query('SELECT DISTINCT column_id AS "columnId" FROM manuscript_column WHERE column_id = ANY($1::int[])', [ids]);
    return new Set(rows.map((r) => r.columnId));
  }

  async deleteColumnsById(em: EntityManager, ids: number[]): Promise<void> {
    await em.delete(ProductColumn, { id: In(ids) });
  }

  async deleteColumns(em: EntityManager, ids: number[]): Promise<void> {
    await em.query('DELETE FROM product_column WHERE id = ANY($1::int[])', [ids]);
  }

  // ---------------------------------------------------------------- ownership (ProductPolicy)

  /** Unit and chief editors of the products. */
  owners(ids: number[], em: DataSource | EntityManager = this.db): Promise<Array<{ id: number; deptId: number; editorIds: string | null }>> {
    return em.query('SELECT p.id, p.dept_id AS "deptId", p.editor_ids AS "editorIds" FROM product_setting p WHERE p.id = ANY($1::int[])', [ids]);
  }
}
