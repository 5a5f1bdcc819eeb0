// The news screens' routes, for the product-processing shell (the lead wires them into App.tsx):
//
//   /pro/news                    news index (tabs, classification tree, list, side panel)
//   /pro/news/detailFull2/:id    detail page (opened in a new window)
//   /pro/news/detailFull/:id     detail page as the translation entry (?trans=true)
//
// The pages are loaded on demand (their own chunk), so the admin screens do not carry them.
import { createElement, lazy, type ReactElement, Suspense } from 'react';
import { Box, LinearProgress } from '@mui/material';
import { NewsIndexRoute } from './NewsIndexRoute';

const NewsDetailPage = lazy(() => import('./NewsDetailPage').then((m) => ({ default: m.NewsDetailPage })));

const fallback = createElement(Box, { sx: { px: 1.5, pt: 1 } }, createElement(LinearProgress));

const page = (element: ReactElement) => createElement(Suspense, { fallback }, element);

export interface NewsRoute {
  path: string;
  element: ReactElement;
}

export const newsRoutes: NewsRoute[] = [
  { path: '/pro/news', element: createElement(NewsIndexRoute) },
  { path: '/pro/news/detailFull2/:id', element: page(createElement(NewsDetailPage)) },
  { path: '/pro/news/detailFull/:id', element: page(createElement(NewsDetailPage, { translationEntry: true })) },
];

export { newsEn, newsZh } from './i18n';

/** Loads the news index's code ahead of time (the login page does it while the user types). */
export const prefetchNewsIndex = (): Promise<unknown> => import('./NewsIndexPage');
