// Uploads and downloads of stored files (`api/localStorage`, docs/production-api.md "Files").
import { HttpError } from 'react-admin';
import { apiUrl, getToken, MSG_REQUEST_FAILED, requestJson, toHttpError } from '../../../providers/http';
import { checkWordFile } from './rules';
import type { DownloadToken, StoredFile } from './types';

export const TEMPLATE_UPLOAD_PATH = 'api/localStorage/template';

export interface UploadOptions {
  /** 0–100 while the body is sent. */
  onProgress?: (percent: number) => void;
  signal?: AbortSignal;
  /** Refuse anything but .doc/.docx ≤ 100 MB before sending (default true). */
  wordOnly?: boolean;
}

function parse(text: string): unknown {
  try {
    return text ? JSON.parse(text) : null;
  } catch {
    return text;
  }
}

/**
 * Sends one file (multipart field `file`, plus text `fields`) and answers the JSON body (a stored
 * file record for the storage calls, a manuscript for `uploadManu`, ...). XMLHttpRequest, because
 * fetch reports no upload progress. Errors are react-admin HttpErrors with the server's message.
 */
export function uploadFile<T = StoredFile>(path: string, file: File, fields: Record<string, string | number | undefined | null> = {}, options: UploadOptions = {}): Promise<T> {
  const refused = options.wordOnly === false ? null : checkWordFile(file);
  if (refused) return Promise.reject(new HttpError(refused, 400, { status: 400, message: refused }));
  const form = new FormData();
  // text fields first: the server reads them before the file's bytes arrive
  for (const [name, value] of Object.entries(fields)) if (value !== undefined && value !== null && value !== '') form.append(name, String(value));
  form.append('file', file, file.name);
  return new Promise<T>((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', apiUrl(path));
    const token = getToken();
    if (token) xhr.setRequestHeader('Authorization', `Bearer ${token}`);
    xhr.setRequestHeader('Accept', 'application/json');
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable) options.onProgress?.(Math.round((event.loaded / event.total) * 100));
    };
    xhr.onload = () => {
      const body = parse(xhr.responseText);
      if (xhr.status >= 200 && xhr.status < 300) resolve(body as T);
      else reject(toHttpError(xhr.status, body));
    };
    xhr.onerror = () => reject(new HttpError(MSG_REQUEST_FAILED, 0, null));
    xhr.onabort = () => reject(new DOMException('Aborted', 'AbortError'));
    options.signal?.addEventListener('abort', () => xhr.abort());
    xhr.send(form);
  });
}

export const filesApi = {
  /** A short-lived signed link for one file (never the login token in a URL). */
  downloadToken: (id: number) => requestJson<DownloadToken>(`api/localStorage/downloadToken/${id}`, { method: 'POST' }),
  byForm: (formType: string, formId: number) => requestJson<StoredFile[]>(`api/localStorage/findByFormId?formType=${encodeURIComponent(formType)}&formId=${formId}`),
};

/**
 * Downloads a stored file: asks for a signed link and lets the browser fetch it (the answer is an
 * attachment, so the page stays). Spec §7 opens the link in a window closed after 3 seconds; a
 * hidden link click does the same without a pop-up blocker in the way.
 */
export async function openDownload(id: number): Promise<void> {
  const { url } = await filesApi.downloadToken(id);
  followDownloadLink(url);
}

/**
 * Lets the browser fetch a signed download link (`url` relative to the server root, as the
 * `downloadToken` calls answer it): the bytes go straight to the download manager, never through a
 * Blob in the page, so a package of many GB downloads like any file.
 */
export function followDownloadLink(url: string): void {
  const link = document.createElement('a');
  link.href = apiUrl(url);
  link.rel = 'noopener';
  link.download = '';
  document.body.appendChild(link);
  link.click();
  link.remove();
}
