// The manuscript area: the management page (/productProcess-manu, /pro/manuscript,
// /pro/manuscript/index inside the process shell), the news lists' submission dialog and messages.
import { type ComponentType, createElement, lazy, type ReactElement, Suspense } from 'react';
import { Box, LinearProgress } from '@mui/material';
import type { NewsPushDialogProps } from '../shared/newsPush';

const ManuscriptManagementPage = lazy(() => import('./ManuscriptManagementPage').then((m) => ({ default: m.ManuscriptManagementPage })));

const fallback = createElement(Box, { sx: { px: 1.5, pt: 1 } }, createElement(LinearProgress));

/** The page, loaded on demand (its own chunk). */
export const manuscriptPage = (): ReactElement => createElement(Suspense, { fallback }, createElement(ManuscriptManagementPage));

/**
 * 报送: the news lists' submission dialog, for the shell that hosts them to provide
 * (shared/newsPush.ts). Loaded when first opened: App imports this index, and the dialog's code
 * stays out of the first chunk.
 */
export const NewsSubmitDialog: ComponentType<NewsPushDialogProps> = lazy(() =>
  import('./SubmitManuscriptDialog').then((m) => ({ default: m.SubmitManuscriptDialog })),
);

export const MANUSCRIPT_PATHS = ['/productProcess-manu', '/pro/manuscript', '/pro/manuscript/index'] as const;

export { manuscriptsEn, manuscriptsZh, MANUSCRIPTS_I18N_PREFIX, type ManuscriptMessages } from './i18n';
export * from './types';
