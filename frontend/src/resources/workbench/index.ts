// The journal workbench area (spec production-admin §2 "Journal editing page"): the page, loaded on
// demand, for the routes that mount it; the host passes the daily journal picker of 同步日刊.
import { lazy } from 'react';

export const JOURNAL_WORKBENCH_PATH = '/product/manuscript';

export const WorkbenchPage = lazy(() => import('./WorkbenchPage').then((m) => ({ default: m.WorkbenchPage })));

export type { DailyDialogProps, WorkbenchPageProps } from './WorkbenchPage';
export { WORKBENCH_I18N_PREFIX, workbenchEn, workbenchZh, type WorkbenchMessages } from './i18n';
