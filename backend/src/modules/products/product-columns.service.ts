import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { DomainException, ErrorCode } from '../../common/errors/domain.exception.js';
import { INT4_MAX, page, type Page } from '../../common/http/list-query.js';
import { type ColumnCreateDto, type ColumnDto, type ColumnQuery, type ColumnUpdateDto, PRODUCT_MESSAGES } from './product.dto.js';
import type { ProductColumn } from './product.entity.js';
import { ProductsRepository } from './products.repository.js';

export const toColumnDto = (c: ProductColumn): ColumnDto => ({ id: c.id, productId: c.productId, sort: c.sort, name: c.name, status: c.status });

/**
 * Refuses to remove columns that manuscripts were submitted to (409 naming the first, in the given
 * order). Callers lock the columns first (`FOR UPDATE`), so a submission cannot slip in between:
 * its `manuscript_column` insert waits for the key lock and then fails on the deleted column.
 */
export async function assertColumnsUnused(products: ProductsRepository, em: EntityManager, columns: Array<{ id: number; name: string }>): Promise<void> {
  if (!columns.length) return;
  const used = await products.columnsInUse(em, columns.map((c) => c.id));
  const first = columns.find((c) => used.has(c.id));
  if (first) throw DomainException.conflict(PRODUCT_MESSAGES.columnInUse(first.name), ErrorCode.InUse);
}

/** `api/productColumn`: the columns of the products, one at a time. */
@Injectable()
export class ProductColumnsService {
  constructor(private readonly products: ProductsRepository) {}

  /** Every column (enabled or not) of one product or all, by sort then id unless sorted otherwise. */
  async list(q: ColumnQuery): Promise<Page<ColumnDto>> {
    const [rows, total] = await this.products.columnPage(q);
    return page(rows.map(toColumnDto), total);
  }

  /** `{"<productId>": [{id, name, sort}]}`: every product, with its enabled columns by sort then id. */
  async columnMap(): Promise<Record<string, Array<{ id: number; name: string; sort: number }>>> {
    const products = await this.products.allIds();
    const columns = await this.products.enabledColumns();
    // Keys are digit strings: nothing can reach the prototype.
    const map: Record<string, Array<{ id: number; name: string; sort: number }>> = {};
    for (const p of products) map[String(p.id)] = [];
    for (const c of columns) (map[String(c.productId)] ??= []).push({ id: c.id, name: c.name, sort: c.sort });
    return map;
  }

  async create(dto: ColumnCreateDto): Promise<ColumnDto> {
    return this.products.transaction(async (em) => {
      // KEY SHARE: the product cannot be deleted before the column is in.
      const product = await this.products.lockKeyShare(em, dto.productId);
      if (!product) throw DomainException.notFound(PRODUCT_MESSAGES.productMissing);
      let sort = dto.sort;
      if (sort === undefined) {
        sort = Math.min(((await this.products.maxColumnSort(em, product.id)) ?? 0) + 1, 99999);
      }
      const saved = await this.products.insertColumn(em, { productId: product.id, name: dto.name, sort, status: dto.status ?? true });
      return toColumnDto(saved);
    });
  }

  async update(dto: ColumnUpdateDto): Promise<void> {
    const column = dto.id <= INT4_MAX ? await this.products.findColumn(dto.id) : null;
    if (!column) throw DomainException.notFound(PRODUCT_MESSAGES.columnMissing);
    await this.products.saveColumn(Object.assign(column, { name: dto.name, sort: dto.sort ?? column.sort, status: dto.status ?? column.status }));
  }

  /** 404 when none of the ids is a column; 409 when one of them has manuscripts (nothing deleted). */
  async delete(ids: number[]): Promise<void> {
    await this.products.transaction(async (em) => {
      const columns = await this.products.lockColumns(em, ids.filter((id) => id <= INT4_MAX));
      if (!columns.length) throw DomainException.notFound(PRODUCT_MESSAGES.columnMissing);
      await assertColumnsUnused(this.products, em, columns);
      await this.products.deleteColumns(em, columns.map((c) => c.id));
    });
  }
}
