// The product management page (产品管理 / 期刊管理 tabs) for the routes `/productProcess-product`,
// `/product/productSetting` and `/product/productJournal`.
import { lazy } from 'react';

/** Loaded when the page is opened (the news pages do not pay for it). */
export const ProductManagementPage = lazy(() => import('./ProductManagementPage').then((m) => ({ default: m.ProductManagementPage })));
