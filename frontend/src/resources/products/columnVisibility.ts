// The column-visibility popover of the product list (spec production-admin §2, §5, §9): columns can
// be hidden, but never fewer than five stay visible ('请至少选择五列').

/** Spec §9: minimum visible columns. */
export const MIN_VISIBLE_COLUMNS = 5;

export const PRODUCT_COLUMN_KEYS = ['name', 'type', 'contentType', 'editors', 'columns', 'period', 'template', 'createTime'] as const;

export type ProductColumnKey = (typeof PRODUCT_COLUMN_KEYS)[number];

/** The visible columns, in table order. */
export type VisibleColumns = readonly ProductColumnKey[];

export const ALL_PRODUCT_COLUMNS: VisibleColumns = PRODUCT_COLUMN_KEYS;

export interface ToggleResult {
  visible: VisibleColumns;
  /** True when the change was refused (it would leave fewer than the minimum). */
  refused: boolean;
}

const inOrder = (keys: Iterable<string>, all: readonly ProductColumnKey[]): ProductColumnKey[] => {
  const set = new Set(keys);
  return all.filter((key) => set.has(key));
};

/** Shows or hides one column; hiding below the minimum is refused and changes nothing. */
export function toggleColumn(
  visible: VisibleColumns,
  key: ProductColumnKey,
  show: boolean,
  { all = ALL_PRODUCT_COLUMNS, min = MIN_VISIBLE_COLUMNS }: { all?: readonly ProductColumnKey[]; min?: number } = {},
): ToggleResult {
  const current = new Set(visible);
  if (show) {
    current.add(key);
    return { visible: inOrder(current, all), refused: false };
  }
  if (!current.has(key)) return { visible: inOrder(current, all), refused: false };
  if (current.size - 1 < min) return { visible, refused: true };
  current.delete(key);
  return { visible: inOrder(current, all), refused: false };
}

/**
 * 全选: checking it shows every column. Unchecking it would hide them all, which is below the
 * minimum: refused (the columns stay as they are).
 */
export function selectAllColumns(
  visible: VisibleColumns,
  checked: boolean,
  { all = ALL_PRODUCT_COLUMNS, min = MIN_VISIBLE_COLUMNS }: { all?: readonly ProductColumnKey[]; min?: number } = {},
): ToggleResult {
  if (checked) return { visible: [...all], refused: false };
  return min > 0 ? { visible, refused: true } : { visible: [], refused: false };
}

/** The state of the 全选 box. */
export function selectAllState(visible: VisibleColumns, all: readonly ProductColumnKey[] = ALL_PRODUCT_COLUMNS): 'all' | 'some' | 'none' {
  const count = all.filter((key) => visible.includes(key)).length;
  if (count === all.length) return 'all';
  return count === 0 ? 'none' : 'some';
}

/**
 * A stored choice read back: unknown keys dropped; anything that leaves fewer than the minimum
 * (an older or tampered value) shows every column.
 */
export function normaliseVisibleColumns(
  stored: unknown,
  { all = ALL_PRODUCT_COLUMNS, min = MIN_VISIBLE_COLUMNS }: { all?: readonly ProductColumnKey[]; min?: number } = {},
): VisibleColumns {
  if (!Array.isArray(stored)) return [...all];
  const keys = inOrder(stored.filter((key): key is string => typeof key === 'string'), all);
  return keys.length < Math.min(min, all.length) ? [...all] : keys;
}
