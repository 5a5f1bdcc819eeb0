// Where the product management page lives and how its address says which tab is open: inside the
// product-processing shell (`/productProcess-product?tab=journal&productId=`) and in the admin
// layout (`/product/productSetting`, `/product/productJournal?productId=`).

export type ManagementTab = 'product' | 'journal';
export type ManagementMode = 'process' | 'admin';

export const PROCESS_PRODUCT_PATH = '/productProcess-product';
/** 稿件管理 of the process shell (the manuscript management page). */
export const PROCESS_MANUSCRIPTS_PATH = '/productProcess-manu';
/** The spec's journal editing page (production-admin §2), in the admin layout. */
export const ADMIN_MANUSCRIPTS_PATH = '/product/manuscript';
export const ADMIN_PRODUCT_PATH = '/product/productSetting';
export const ADMIN_JOURNAL_PATH = '/product/productJournal';

const positiveId = (value: string | null): number | null => {
  if (value === null || value.trim() === '') return null;
  const id = Number(value);
  return Number.isInteger(id) && id > 0 ? id : null;
};

/** The address of a tab (the journal tab optionally filtered by a product). */
export function managementHref(mode: ManagementMode, tab: ManagementTab, productId?: number | null): string {
  const product = tab === 'journal' && productId ? `productId=${productId}` : '';
  if (mode === 'admin') return tab === 'journal' ? `${ADMIN_JOURNAL_PATH}${product ? `?${product}` : ''}` : ADMIN_PRODUCT_PATH;
  return tab === 'journal' ? `${PROCESS_PRODUCT_PATH}?tab=journal${product ? `&${product}` : ''}` : PROCESS_PRODUCT_PATH;
}

/**
 * Where a journal row's 稿件管理 leads, without leaving the shell it is in: in the process shell its
 * 稿件管理 page filtered by the journal's product (全部 for manuscript administrators, else their
 * first tab); in the admin layout the spec's journal editing page (`?productId=&journalId=`).
 */
export function manuscriptsHref(mode: ManagementMode, journal: { id: number; productId?: number | null; product?: { id: number } | null }): string {
  const productId = journal.productId ?? journal.product?.id ?? null;
  if (mode === 'process') return productId ? `${PROCESS_MANUSCRIPTS_PATH}?tab=all&productId=${productId}` : PROCESS_MANUSCRIPTS_PATH;
  return `${ADMIN_MANUSCRIPTS_PATH}?productId=${productId ?? ''}&journalId=${journal.id}`;
}

/** The journal editing page (the workbench) inside the process shell: the spec's `/pro/setManu`. */
export const PROCESS_WORKBENCH_PATH = '/pro/setManu';

/**
 * Where a journal row's 期刊编辑 leads: the journal editing page (`?productId=&journalId=`) in the
 * shell the list is in — `/pro/setManu` in the process shell, `/product/manuscript` in the admin layout.
 */
export function workbenchHref(mode: ManagementMode, journal: { id: number; productId?: number | null; product?: { id: number } | null }): string {
  const productId = journal.productId ?? journal.product?.id ?? null;
  return `${mode === 'process' ? PROCESS_WORKBENCH_PATH : ADMIN_MANUSCRIPTS_PATH}?productId=${productId ?? ''}&journalId=${journal.id}`;
}

/** The open tab and the journal list's product filter, read from the address. */
export function managementStateOf(mode: ManagementMode, pathname: string, search: string): { tab: ManagementTab; productId: number | null } {
  const params = new URLSearchParams(search);
  const tab: ManagementTab =
    mode === 'admin' ? (pathname.replace(/\/+$/, '') === ADMIN_JOURNAL_PATH ? 'journal' : 'product') : params.get('tab') === 'journal' ? 'journal' : 'product';
  return { tab, productId: tab === 'journal' ? positiveId(params.get('productId')) : null };
}
