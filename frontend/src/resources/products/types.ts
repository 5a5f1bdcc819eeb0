// Records of the product calls (`api/productSetting`, `api/productColumn`, docs/production-api.md
// "Products"). Times are `yyyy-MM-dd HH:mm:ss` strings.
import type { Schema } from '../../api';

/** 产品类型: '1' 常规期, '2' 专刊 (spec production-admin §3). */
export type ProductType = '1' | '2';
/** 稿件类型: '1' 摘要, '2' 全文 (default). */
export type ProductContentType = '1' | '2';

export const PRODUCT_TYPES: readonly ProductType[] = ['1', '2'];
export const CONTENT_TYPES: readonly ProductContentType[] = ['1', '2'];
export const DEFAULT_PRODUCT_TYPE: ProductType = '1';
export const DEFAULT_CONTENT_TYPE: ProductContentType = '2';

/** A column (栏目) of a product. */
export interface ProductColumn {
  id?: number;
  sort: number;
  name: string;
  /** Enabled (启用). */
  status: boolean;
}

/** A stored file as the product shows it (`files: [{id, realName}]`). */
export type FileRef = Schema<'ProductFileRef'>;

export type ProductEditor = Schema<'ProductEditorRef'>;

/** A row of `GET api/productSetting/list` (and `GET api/productSetting/{id}`). */
export type Product = Schema<'ProductDto'>;

/** The body of `POST` / `PUT api/productSetting`. */
export interface ProductWrite {
  id?: number;
  name: string;
  deptId: number;
  editorIds: string | null;
  period: string | null;
  type: ProductType;
  contentType: ProductContentType;
  fileIds: string | null;
  columnList: ProductColumn[];
  isWeekly: boolean;
}

/** An entry of `GET api/productSetting/all` (choice lists); a user of `GET api/users/selectUser`. */
export type { ProductChoice, SelectableUser } from '../shared/production/choices';

/** Query of the product list; `page` zero-based, `sort` as `field,dir`. */
export interface ProductListQuery {
  name: string;
  page: number;
  size: number;
  sort: string;
}

export type { Page } from '../../api';

/** A dictionary entry (`GET api/dictDetail?dictName=`). */
export type DictOption = Pick<Schema<'DictDetailDto'>, 'label' | 'value'>;
