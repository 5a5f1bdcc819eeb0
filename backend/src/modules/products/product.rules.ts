import { DomainException, ErrorCode } from '../../common/errors/domain.exception.js';
import { parseIdList } from '../../common/http/id-list.js';
import { type ColumnEntryDto, PRODUCT_MESSAGES } from './product.dto.js';

/** A column row of the product form after validation. */
export interface ColumnInput {
  id?: number;
  sort?: number;
  name: string;
  status?: boolean;
}

export interface ColumnPlan {
  /** Existing columns to write (with their new sort, name, status). */
  updates: ColumnEntryDto[];
  /** New columns. */
  inserts: Array<Omit<ColumnEntryDto, 'id'>>;
  /** Existing columns missing from the list (to delete, unless they have manuscripts). */
  removed: ColumnEntryDto[];
}

/**
 * `PUT api/productSetting` column replacement: rows with an id update that column, rows without one
 * are added, existing columns not in the list are removed. A row's missing sort becomes its position
 * (1-based), a missing status `true`. An id that is not a column of this product, or an id given
 * twice → 400.
 */
export function planColumns(existing: ColumnEntryDto[], incoming: ColumnInput[]): ColumnPlan {
  const byId = new Map(existing.map((c) => [c.id, c]));
  const seen = new Set<number>();
  const updates: ColumnEntryDto[] = [];
  const inserts: ColumnPlan['inserts'] = [];
  incoming.forEach((row, i) => {
    const sort = row.sort ?? i + 1;
    if (row.id === undefined) {
      inserts.push({ sort, name: row.name, status: row.status ?? true });
      return;
    }
    const current = byId.get(row.id);
    if (!current) throw DomainException.badRequest(PRODUCT_MESSAGES.columnMissing, ErrorCode.Validation);
    if (seen.has(row.id)) throw DomainException.badRequest(PRODUCT_MESSAGES.columnDuplicate, ErrorCode.Validation);
    seen.add(row.id);
    updates.push({ id: row.id, sort, name: row.name, status: row.status ?? current.status });
  });
  return { updates, inserts, removed: existing.filter((c) => !seen.has(c.id)) };
}

/** Columns in display order: sort, then id. */
export const byColumnOrder = <T extends { sort: number; id: number }>(a: T, b: T): number => a.sort - b.sort || a.id - b.id;

/**
 * Whether a product is the weekly one: `WEEKLY_PRODUCT_ID` when configured, else the product's flag.
 */
export const effectiveWeekly = (productId: number, flag: boolean, configured: number | undefined): boolean =>
  configured === undefined ? flag : productId === configured;

/**
 * The ids of a submission's `productList`: numbers or digit strings, repeats dropped (first kept).
 * Anything else (or an empty list) → 400 `请选择投稿栏目`.
 */
export function columnIdList(columnIds: unknown): number[] {
  const ids = Array.isArray(columnIds) || typeof columnIds === 'string' ? parseIdList(columnIds) : undefined;
  if (!ids) throw DomainException.badRequest(PRODUCT_MESSAGES.columnsRequired, ErrorCode.Validation);
  return ids;
}
