// The product area's public pieces: the product management page (产品管理 / 期刊管理 tabs) for the
// routes `/productProcess-product`, `/product/productSetting` and `/product/productJournal`.
import { lazy } from 'react';

/** Loaded when the page is opened (the news pages do not pay for it). */
export const ProductManagementPage = lazy(() => import('./ProductManagementPage').then((m) => ({ default: m.ProductManagementPage })));

export { ADMIN_JOURNAL_PATH, ADMIN_PRODUCT_PATH, managementHref, PROCESS_PRODUCT_PATH } from '../shared/production/managementRoutes';
export { PRODUCTS_I18N_PREFIX, productsEn, productsZh, type ProductMessages } from './i18n';
export * from './types';
