// The product area's public pieces. The product management page (产品管理 / 期刊管理 tabs) that
// hosts them lives in pages/production.
export { ADMIN_JOURNAL_PATH, ADMIN_PRODUCT_PATH, managementHref, PROCESS_PRODUCT_PATH } from '../shared/production/managementRoutes';
export { PRODUCTS_I18N_PREFIX, productsEn, productsZh, type ProductMessages } from './i18n';
export * from './types';
