// The add/edit product dialog's values (spec production-admin §2 "Product settings screen", §3, §5):
// the record ↔ form values, the column rows prepared before opening, and the checks of the form.
import { parseEditorIds } from '../shared/editorIds';
import { isBlank } from '../shared/validation';
import {
  DEFAULT_CONTENT_TYPE,
  DEFAULT_PRODUCT_TYPE,
  type FileRef,
  type Product,
  type ProductColumn,
  type ProductContentType,
  type ProductType,
  type ProductWrite,
} from './types';

/** Server limit of the product name (`产品名称不能超过100个字符`). */
export const PRODUCT_NAME_MAX = 100;

/** A column row of the dialog; `key` only tells React the rows apart. */
export interface ColumnRow {
  key: string;
  id?: number;
  sort: number | string;
  name: string;
  status: boolean;
}

export interface ProductFormValues {
  id?: number;
  deptId: number | null;
  name: string;
  /** Chief editors by user id. */
  editorIds: number[];
  /** A `product_period` value, `''` for none. */
  period: string;
  type: ProductType;
  contentType: ProductContentType;
  columnList: ColumnRow[];
  /** The template (one per product); `null` shows the upload box. */
  template: FileRef | null;
  isWeekly: boolean;
}

export type ProductFormErrors = Partial<Record<'deptId' | 'name' | 'columnList', string>>;

/** Messages of the checks, passed by the caller (Chinese by default, as the spec words them). */
export interface ProductFormMessages {
  deptRequired: string;
  nameRequired: string;
  nameTooLong: string;
  columnNameRequired: string;
}

export const PRODUCT_FORM_MESSAGES: ProductFormMessages = {
  deptRequired: '所属单位不能为空',
  nameRequired: '产品名称不能为空',
  nameTooLong: '产品名称不能超过100个字符',
  columnNameRequired: '栏目名称不能为空',
};

let rowSeq = 0;
const rowKey = (id?: number) => (id !== undefined ? `column-${id}` : `new-${++rowSeq}`);

const sortNumber = (sort: unknown): number => {
  const n = Number(sort);
  return Number.isFinite(n) ? n : Number.MAX_SAFE_INTEGER;
};

/** A new enabled row after the others (`sort` one more than the largest). */
export function newColumnRow(rows: readonly Pick<ColumnRow, 'sort'>[] = []): ColumnRow {
  const sorts = rows.map((row) => Number(row.sort)).filter(Number.isFinite);
  return { key: rowKey(), sort: sorts.length ? Math.max(...sorts) + 1 : 1, name: '', status: true };
}

/**
 * The column rows shown when the dialog opens: the product's columns by `sort` ascending (ties by
 * id), or a single blank enabled row when it has none.
 */
export function prepareColumnRows(columns: readonly ProductColumn[] | null | undefined): ColumnRow[] {
  if (!columns || columns.length === 0) return [newColumnRow()];
  return [...columns]
    .sort((a, b) => sortNumber(a.sort) - sortNumber(b.sort) || (a.id ?? 0) - (b.id ?? 0))
    .map((column) => ({
      key: rowKey(column.id),
      id: column.id,
      sort: column.sort,
      name: column.name ?? '',
      status: column.status !== false,
    }));
}

export function emptyProductForm(): ProductFormValues {
  return {
    deptId: null,
    name: '',
    editorIds: [],
    period: '',
    type: DEFAULT_PRODUCT_TYPE,
    contentType: DEFAULT_CONTENT_TYPE,
    columnList: prepareColumnRows([]),
    template: null,
    isWeekly: false,
  };
}

/** The template of a product: its first file, or the id of `fileIds` when the name is missing. */
export function templateOf(product: Pick<Product, 'files' | 'fileIds'>): FileRef | null {
  const file = product.files?.[0];
  if (file) return { id: file.id, realName: file.realName };
  const id = Number(String(product.fileIds ?? '').split(',')[0]);
  return Number.isInteger(id) && id > 0 ? { id, realName: String(id) } : null;
}

export function productToFormValues(product: Product): ProductFormValues {
  return {
    id: product.id,
    deptId: product.deptId ?? product.dept?.id ?? null,
    name: product.name ?? '',
    editorIds: parseEditorIds(product.editorIds),
    period: product.period ?? '',
    type: product.type === '2' ? '2' : '1',
    contentType: product.contentType === '1' ? '1' : '2',
    columnList: prepareColumnRows(product.columnList),
    template: templateOf(product),
    isWeekly: Boolean(product.isWeekly),
  };
}

/** A new row without a name is left out; an existing one must keep its name. */
const isDroppedRow = (row: ColumnRow) => row.id === undefined && isBlank(row.name);

/** The body of `POST`/`PUT api/productSetting`. */
export function formValuesToProduct(values: ProductFormValues): ProductWrite {
  const columnList: ProductColumn[] = (values.columnList ?? [])
    .filter((row) => !isDroppedRow(row))
    .map((row, index) => {
      const sort = Number(row.sort);
      const column: ProductColumn = {
        sort: isBlank(row.sort) || !Number.isFinite(sort) ? index + 1 : sort,
        name: row.name.trim(),
        status: row.status !== false,
      };
      return row.id === undefined ? column : { id: row.id, ...column };
    });
  const payload: ProductWrite = {
    name: values.name.trim(),
    deptId: Number(values.deptId),
    editorIds: values.editorIds.length ? values.editorIds.join(',') : null,
    period: values.period ? values.period : null,
    type: values.type,
    contentType: values.contentType,
    fileIds: values.template ? String(values.template.id) : null,
    columnList,
    isWeekly: Boolean(values.isWeekly),
  };
  return values.id === undefined || values.id === null ? payload : { id: values.id, ...payload };
}

export function validateProductForm(values: Partial<ProductFormValues>, messages: ProductFormMessages = PRODUCT_FORM_MESSAGES): ProductFormErrors {
  const errors: ProductFormErrors = {};
  if (values.deptId === null || values.deptId === undefined || isBlank(values.deptId)) errors.deptId = messages.deptRequired;
  if (isBlank(values.name)) errors.name = messages.nameRequired;
  else if ((values.name ?? '').trim().length > PRODUCT_NAME_MAX) errors.name = messages.nameTooLong;
  if ((values.columnList ?? []).some((row) => !isDroppedRow(row) && isBlank(row.name))) errors.columnList = messages.columnNameRequired;
  return errors;
}
