import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, type EntityManager } from 'typeorm';
import { DomainException, ErrorCode } from '../../common/errors/domain.exception.js';
import { applyListQuery, INT4_MAX, page, type Page } from '../../common/http/list-query.js';
import { type ColumnCreateDto, type ColumnDto, type ColumnQuery, type ColumnUpdateDto, PRODUCT_MESSAGES } from './product.dto.js';
import { ProductColumn, ProductSetting } from './product.entity.js';

const SORT = { id: 'c.id', sort: 'c.sort', name: 'c.name', createTime: 'c.createTime' };

export const toColumnDto = (c: ProductColumn): ColumnDto => ({ id: c.id, productId: c.productId, sort: c.sort, name: c.name, status: c.status });

/**
 * Refuses to remove columns that manuscripts were submitted to (409 naming the first, in the given
 * order). Callers lock the columns first (`FOR UPDATE`), so a submission cannot slip in between:
 * its `manuscript_column` insert waits for the key lock and then fails on the deleted column.
 */
export async function assertColumnsUnused(em: EntityManager, columns: Array<{ id: number; name: string }>): Promise<void> {
  if (!columns.length) return;
  const rows: Array<{ columnId: number }> = await em.query('SELECT DISTINCT column_id AS "columnId" FROM manuscript_column WHERE column_id = ANY($1::int[])', [
    columns.map((c) => c.id),
  ]);
  const used = new Set(rows.map((r) => r.columnId));
  const first = columns.find((c) => used.has(c.id));
  if (first) throw DomainException.conflict(PRODUCT_MESSAGES.columnInUse(first.name), ErrorCode.InUse);
}

/** `api/productColumn`: the columns of the products, one at a time. */
@Injectable()
export class ProductColumnsService {
  constructor(@InjectDataSource() private readonly db: DataSource) {}

  private get repo() {
    return this.db.getRepository(ProductColumn);
  }

  /** Every column (enabled or not) of one product or all, by sort then id unless sorted otherwise. */
  async list(q: ColumnQuery): Promise<Page<ColumnDto>> {
    const qb = this.repo.createQueryBuilder('c');
    if (q.productId !== undefined) qb.andWhere('c.productId = :productId', { productId: q.productId });
    const [rows, total] = await applyListQuery(qb, q, SORT, ['sort,asc', 'id,asc']).getManyAndCount();
    return page(rows.map(toColumnDto), total);
  }

  /** `{"<productId>": [{id, name, sort}]}`: every product, with its enabled columns by sort then id. */
  async columnMap(): Promise<Record<string, Array<{ id: number; name: string; sort: number }>>> {
    const products: Array<{ id: number }> = await this.db.query('SELECT id FROM product_setting ORDER BY id');
    const columns = await this.repo.find({ where: { status: true }, order: { sort: 'ASC', id: 'ASC' } });
    // Keys are digit strings: nothing can reach the prototype.
    const map: Record<string, Array<{ id: number; name: string; sort: number }>> = {};
    for (const p of products) map[String(p.id)] = [];
    for (const c of columns) (map[String(c.productId)] ??= []).push({ id: c.id, name: c.name, sort: c.sort });
    return map;
  }

  async create(dto: ColumnCreateDto): Promise<ColumnDto> {
    return this.db.transaction(async (em) => {
      // KEY SHARE: the product cannot be deleted before the column is in.
      const product = await em.findOne(ProductSetting, { where: { id: dto.productId }, lock: { mode: 'for_key_share' } });
      if (!product) throw DomainException.notFound(PRODUCT_MESSAGES.productMissing);
      let sort = dto.sort;
      if (sort === undefined) {
        const rows: Array<{ max: number | null }> = await em.query('SELECT max(sort) AS max FROM product_column WHERE product_id = $1', [product.id]);
        sort = Math.min((rows[0]?.max ?? 0) + 1, 99999);
      }
      const saved = await em.save(em.create(ProductColumn, { productId: product.id, name: dto.name, sort, status: dto.status ?? true }));
      return toColumnDto(saved);
    });
  }

  async update(dto: ColumnUpdateDto): Promise<void> {
    const column = dto.id <= INT4_MAX ? await this.repo.findOneBy({ id: dto.id }) : null;
    if (!column) throw DomainException.notFound(PRODUCT_MESSAGES.columnMissing);
    await this.repo.save(Object.assign(column, { name: dto.name, sort: dto.sort ?? column.sort, status: dto.status ?? column.status }));
  }

  /** 404 when none of the ids is a column; 409 when one of them has manuscripts (nothing deleted). */
  async delete(ids: number[]): Promise<void> {
    await this.db.transaction(async (em) => {
      const columns: Array<{ id: number; name: string }> = await em.query('SELECT id, name FROM product_column WHERE id = ANY($1::int[]) ORDER BY id FOR UPDATE', [
        ids.filter((id) => id <= INT4_MAX),
      ]);
      if (!columns.length) throw DomainException.notFound(PRODUCT_MESSAGES.columnMissing);
      await assertColumnsUnused(em, columns);
      await em.query('DELETE FROM product_column WHERE id = ANY($1::int[])', [columns.map((c) => c.id)]);
    });
  }
}
