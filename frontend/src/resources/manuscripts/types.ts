// Wire shapes of the manuscript screens (docs/production-api.md "Manuscripts", "Products", "Files").
import type { Page, Schema } from '../../api';

/** 我的投稿 / 工作组 / 全部 (`tab` of `GET api/manuscript`). */
export type ManuscriptTab = 'my' | 'dept' | 'all';
export const MANUSCRIPT_TABS: readonly ManuscriptTab[] = ['my', 'dept', 'all'];

export type IdName = Schema<'IdName'>;

/** A stored file (`api/localStorage`); `size` in bytes. */
// Looser than the wire's FileDto and ManuscriptDto: the screens' helpers also read partial records.
export interface StoredFile {
  id: number;
  realName: string;
  name?: string;
  suffix?: string;
  type?: string;
  size?: number;
  handlerName?: string | null;
  handlerDate?: string | null;
  createTime?: string;
}

/** A row of `GET api/manuscript` (`content` only in `GET api/manuscript/{id}`). */
export interface Manuscript {
  id: number;
  title: string;
  memo: string | null;
  contentType?: string | null;
  domainType?: string | null;
  country?: string | null;
  abstracts: string | null;
  abstractOrigin?: string | null;
  abstractEdit?: string | null;
  firstAuthor: string | null;
  /** Reviewers: comma string of user ids. */
  authorIds: string | null;
  authors?: Array<{ id: number; nickName: string | null; username?: string }> | null;
  columns?: IdName[] | null;
  productColumn?: IdName | null;
  product: IdName | null;
  dept: IdName | null;
  createBy: { id: number; username: string; nickName?: string | null } | null;
  createTime: string;
  updateTime?: string | null;
  newsId: number | string | null;
  version?: number;
  fileId?: number | null;
  manuFileId?: number | null;
  files?: StoredFile[] | null;
  /** `dynamic` (from a news item) or `upload` (a local .doc/.docx). */
  type?: 'dynamic' | 'upload' | null;
  content?: string | null;
}

export type ManuscriptPage = Page<Manuscript>;

/** Query of `GET api/manuscript` as sent (page zero-based). */
export interface ManuscriptQuery {
  tab: ManuscriptTab;
  title?: string;
  abstracts?: string;
  productId?: number;
  deptId?: number;
  /** `[yyyy-MM-dd 00:00:00, yyyy-MM-dd 23:59:59]`, sent as two `createTime` values. */
  createTime?: [string, string];
  page: number;
  size: number;
  sort: string;
}

/** `GET api/productSetting/all`; a user of `GET api/users/selectUser` (shared with the product screens). */
export type { ProductChoice, SelectableUser } from '../shared/production/choices';

/** An enabled column of `GET api/productColumn/getColumnMap`. */
export type ColumnChoice = Schema<'ColumnMapEntryDto'>;

/** `{"<productId>": [columns]}`. */
export type ColumnMap = Record<string, ColumnChoice[]>;

/** `POST api/manuscript/oneToMany`. */
export interface OneToManyPayload {
  newsId: number;
  deptId?: number;
  productId: number;
  productList: number[];
  memo?: string;
  firstAuthor: string;
  authorIds: string;
  abstracts: string;
}

/** `POST api/manuscript/manyToMany`. */
export interface ManyToManyPayload {
  newsIds: number[];
  productId: number;
  productList: number[];
  memo?: string;
  firstAuthor: string;
  authorIds: string;
}

export type ManyToManyAnswer = Schema<'BatchResultDto'>;

/** A row of `GET api/manuscript/calculate?date=`. */
export type DailyStatRow = Schema<'DailyCountDto'>;

/** A node of `GET api/dept/lookup?pid=` (lazy tree). */
export type DeptNode = Schema<'DeptDto'>;
