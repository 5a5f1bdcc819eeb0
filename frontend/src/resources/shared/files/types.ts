/** A stored file as the API answers it (docs/production-api.md "Files"); the storage path is never sent. */
export interface StoredFile {
  id: number;
  realName: string;
  name: string;
  suffix: string;
  /** `word` (.doc/.docx), `excel`, `other`. */
  type: string;
  size: number;
  handlerName: string | null;
  handlerDate: string;
  createTime: string;
}

export interface DownloadToken {
  token: string;
  /** `api/localStorage/downloadFile/{id}?access_token=<token>` */
  url: string;
  expiresIn: number;
}
