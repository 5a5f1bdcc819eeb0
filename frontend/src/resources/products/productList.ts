// Pure rules of the product list: sorting by 创建时间, the toolbar's enabled buttons, paging after
// deletions, and how the cells read.
import { DEFAULT_PRODUCT_SORT } from './api';
import type { ProductColumn } from './types';

/** `createTime,asc` → `createTime,desc` → the default (`id,desc`) → `createTime,asc` … */
export function nextCreateTimeSort(sort: string): string {
  if (sort === 'createTime,asc') return 'createTime,desc';
  if (sort === 'createTime,desc') return DEFAULT_PRODUCT_SORT;
  return 'createTime,asc';
}

/** The direction the 创建时间 header shows, or false when the list is not sorted by it. */
export function createTimeDirection(sort: string): 'asc' | 'desc' | false {
  if (sort === 'createTime,asc') return 'asc';
  if (sort === 'createTime,desc') return 'desc';
  return false;
}

/** 修改 needs exactly one selected row, 删除 at least one. */
export function toolbarState(selectedCount: number): { edit: boolean; delete: boolean } {
  return { edit: selectedCount === 1, delete: selectedCount >= 1 };
}

/** The zero-based page to show after `removed` rows of the current page were deleted. */
export function pageAfterRemoval(page: number, rowsOnPage: number, removed: number): number {
  return page > 0 && removed >= rowsOnPage ? page - 1 : page;
}

/** The column names in order (sort, then id), disabled ones marked. */
export function columnNames(columns: readonly ProductColumn[] | null | undefined, disabledMark: (name: string) => string): string {
  return [...(columns ?? [])]
    .sort((a, b) => Number(a.sort) - Number(b.sort) || (a.id ?? 0) - (b.id ?? 0))
    .map((column) => (column.status === false ? disabledMark(column.name) : column.name))
    .join('、');
}
