// Wire shapes of the news API (backend/src/modules/news/news.dto.ts), shared by the news screens.

/** A row of `GET api/news/list` (the caller's department and user state folded in). */
export interface NewsRow {
  id: number;
  title: string;
  titleCn: string | null;
  /** `yyyy-MM-dd HH:mm:ss` */
  publishTime: string;
  webName: string | null;
  webId: number | null;
  createBy: string | null;
  count: number;
  classify: number[];
  classifyNames: string[];
  keywords: string[];
  language: string | null;
  country: string | null;
  url: string;
  isRead: boolean;
  isCollect: boolean;
  isRecommend: boolean;
  yj: boolean;
  isChoice: boolean;
  isProcessed: string | null;
  hasFiles: boolean;
  editorName: string | null;
  examineName: string | null;
  transStatus: string | null;
  version: number;
  updateTime: string;
}

/** `GET api/news/info`: the row plus texts and the department's work. */
export interface NewsInfo extends NewsRow {
  content: string;
  contentHtml: string | null;
  contentCn: string | null;
  files: unknown[];
  abstracts: string | null;
  contentTrans: string | null;
  editorId: number | null;
  examineId: number | null;
  deptId: number | null;
}

/** `GET api/news/list` answer; `totalExact: false` → the total is an estimate (show "约 N 条"). */
export interface NewsPage {
  content: NewsRow[];
  totalElements: number;
  totalExact: boolean;
}

/** The smallest news reference the dialogs need. */
export interface NewsRef {
  id: number;
  title: string;
  titleCn: string | null;
}
