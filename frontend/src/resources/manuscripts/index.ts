// The manuscript area: the management page (/productProcess-manu, /pro/manuscript,
// /pro/manuscript/index inside the process shell) and messages. The news list's submission dialog is
// imported lazily from './SubmitManuscriptDialog' (not re-exported here: App imports this index, and
// the dialog would land in the first chunk).
import { createElement, lazy, type ReactElement, Suspense } from 'react';
import { Box, LinearProgress } from '@mui/material';

const ManuscriptManagementPage = lazy(() => import('./ManuscriptManagementPage').then((m) => ({ default: m.ManuscriptManagementPage })));

const fallback = createElement(Box, { sx: { px: 1.5, pt: 1 } }, createElement(LinearProgress));

/** The page, loaded on demand (its own chunk). */
export const manuscriptPage = (): ReactElement => createElement(Suspense, { fallback }, createElement(ManuscriptManagementPage));

export const MANUSCRIPT_PATHS = ['/productProcess-manu', '/pro/manuscript', '/pro/manuscript/index'] as const;

export { manuscriptsEn, manuscriptsZh, MANUSCRIPTS_I18N_PREFIX, type ManuscriptMessages } from './i18n';
export * from './types';
