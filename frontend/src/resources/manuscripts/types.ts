// Wire shapes of the manuscript screens (docs/production-api.md "Manuscripts", "Products", "Files").

/** 我的投稿 / 工作组 / 全部 (`tab` of `GET api/manuscript`). */
export type ManuscriptTab = 'my' | 'dept' | 'all';
export const MANUSCRIPT_TABS: readonly ManuscriptTab[] = ['my', 'dept', 'all'];

export interface IdName {
  id: number;
  name: string;
}

/** A stored file (`api/localStorage`); `size` in bytes. */
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

export interface ManuscriptPage {
  content: Manuscript[];
  totalElements: number;
}

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

/** `GET api/productSetting/all`. */
export interface ProductChoice {
  id: number;
  name: string;
  period?: string | null;
  type?: string;
  contentType?: string;
  isWeekly?: boolean;
}

/** An enabled column of `GET api/productColumn/getColumnMap`. */
export interface ColumnChoice {
  id: number;
  name: string;
  sort: number;
}

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

export interface ManyToManyAnswer {
  count: number;
  ids: number[];
}

/** A row of `GET api/manuscript/calculate?date=`. */
export interface DailyStatRow {
  product: IdName | null;
  total: number;
  counts: Array<{ dept: IdName | null; count: number }>;
}

/** A user of `GET api/users/selectUser`. */
export interface SelectableUser {
  id: number;
  username: string;
  nickName: string | null;
  dept?: { id: number; name: string } | null;
}

/** A node of `GET api/dept/lookup?pid=` (lazy tree). */
export interface DeptNode {
  id: number;
  pid: number | null;
  name: string;
  hasChildren?: boolean;
  leaf?: boolean;
  subCount?: number;
}
