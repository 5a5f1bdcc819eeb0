// The manuscript area: the management page (/productProcess-manu, /pro/manuscript,
// /pro/manuscript/index inside the process shell), the submission dialog of the news list, messages.
import { createElement, lazy, type ReactElement, Suspense } from 'react';
import { Box, LinearProgress } from '@mui/material';

const ManuscriptManagementPage = lazy(() => import('./ManuscriptManagementPage').then((m) => ({ default: m.ManuscriptManagementPage })));

const fallback = createElement(Box, { sx: { px: 1.5, pt: 1 } }, createElement(LinearProgress));

/** The page, loaded on demand (its own chunk). */
export const manuscriptPage = (): ReactElement => createElement(Suspense, { fallback }, createElement(ManuscriptManagementPage));

export const MANUSCRIPT_PATHS = ['/productProcess-manu', '/pro/manuscript', '/pro/manuscript/index'] as const;

export { manuscriptsEn, manuscriptsZh, MANUSCRIPTS_I18N_PREFIX, type ManuscriptMessages } from './i18n';
export { SubmitManuscriptDialog, type SubmitManuscriptDialogProps } from './SubmitManuscriptDialog';
export { manuscriptKeys, manuscriptsApi } from './api';
export * from './types';
