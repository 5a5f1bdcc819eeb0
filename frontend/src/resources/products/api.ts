// Calls of the product screens (docs/production-api.md "Products", spec production-admin §7).
import { apiUrl, request, requestJson } from '../../providers/http';
import { type QueryParams, saveBlob, toQueryString } from '../api';
import { exportFileName } from '../shared/text';
import type { DictOption, Page, Product, ProductListQuery, ProductWrite } from './types';

export const PRODUCT_PATH = 'api/productSetting';
export const PERIOD_DICT = 'product_period';
/** Spec §9: dictionaries are read whole, from page 0, up to 9999 entries. */
export const DICT_SIZE = 9999;
/** Spec §9: the product list sorts by `id,desc` unless a column says otherwise. */
export const DEFAULT_PRODUCT_SORT = 'id,desc';

const withQuery = (path: string, query?: QueryParams) => {
  const qs = toQueryString(query);
  return qs ? `${path}?${qs}` : path;
};

const get = <T>(path: string, query?: QueryParams, signal?: AbortSignal) => requestJson<T>(withQuery(path, query), { signal });

export const productsApi = {
  /** One page of products (`name` filters by a part of the name). */
  list: (query: ProductListQuery, signal?: AbortSignal) =>
    get<Page<Product>>(`${PRODUCT_PATH}/list`, { name: query.name.trim(), page: query.page, size: query.size, sort: query.sort }, signal),
  one: (id: number, signal?: AbortSignal) => get<Product>(`${PRODUCT_PATH}/${id}`, undefined, signal),
  create: (body: ProductWrite) => requestJson<Product>(PRODUCT_PATH, { method: 'POST', body }),
  update: (body: ProductWrite) => requestJson<void>(PRODUCT_PATH, { method: 'PUT', body }),
  remove: (ids: readonly number[]) => requestJson<void>(PRODUCT_PATH, { method: 'DELETE', body: [...ids] }),
  /** `GET api/productSetting/download?name=` saved as `yyyy-MM-dd HH:mm:ss-产品设置数据.xlsx`. */
  exportXlsx: async (name: string, title: string) => {
    const { body } = await request<Blob>(withQuery(`${PRODUCT_PATH}/download`, { name: name.trim() }), { responseType: 'blob' });
    saveBlob(body, exportFileName(title));
  },
  /** The sample journal template (every tag of docs/journal-template.md), saved as 期刊模板样例.docx. */
  templateSample: async (fileName: string) => {
    const { body } = await request<Blob>(`${PRODUCT_PATH}/templateSample`, { responseType: 'blob' });
    saveBlob(body, fileName);
  },
  /** The `product_period` dictionary (`GET api/dictDetail?dictName=product_period&page=0&size=9999`). */
  periods: async (signal?: AbortSignal) => {
    const page = await get<Page<DictOption> | DictOption[]>('api/dictDetail', { dictName: PERIOD_DICT, page: 0, size: DICT_SIZE }, signal);
    return Array.isArray(page) ? page : (page?.content ?? []);
  },
  /**
   * An xlsx of the manuscripts per column × department submitted in the period (days inclusive),
   * answered as its file path `/files/<capability>/<name>` (text/plain; docs/workbench-api.md
   * "Paths are capabilities"): short-lived, signed, needs no login.
   */
  generateStatistic: (query: { productId: number; startDate: string; endDate: string }, signal?: AbortSignal) =>
    get<string>('api/productJournal/generateStatistic', query, signal),
};

/** The file name at the end of a file path (`/files/<capability>/<name>`). */
export function filePathName(path: string): string {
  const last = path.split('?')[0].split('/').pop() ?? '';
  try {
    return decodeURIComponent(last);
  } catch {
    return last;
  }
}

/**
 * Lets the browser fetch a file path from the API origin (`<origin><path>`): the answer is an
 * attachment, so the page stays. The path is its own credential: no token is appended.
 */
export function openFilePath(path: string): void {
  const link = document.createElement('a');
  link.href = apiUrl(path);
  link.rel = 'noopener';
  link.download = '';
  document.body.appendChild(link);
  link.click();
  link.remove();
}

/**
 * Query keys (all start with `horizon`: react-admin's refresh invalidates them). `all` also covers
 * the product choice lists of shared/production/choices.ts.
 */
export const productKeys = {
  all: ['horizon', 'products'] as const,
  lists: ['horizon', 'products', 'list'] as const,
  list: (query: ProductListQuery) => ['horizon', 'products', 'list', query] as const,
  periods: ['horizon', 'dictDetail', PERIOD_DICT] as const,
};
