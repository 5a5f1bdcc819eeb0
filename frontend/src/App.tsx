import { type ComponentProps, lazy, type ReactNode, Suspense, useMemo } from 'react';
import { Admin, Authenticated, CustomRoutes, Loading, Resource } from 'react-admin';
import { Navigate, Route, useParams } from 'react-router-dom';
import { HorizonLayout } from './layout/HorizonLayout';
import { HorizonNotification } from './layout/HorizonNotification';
import { PasswordChangeGate } from './layout/PasswordChangeGate';
import { SessionAbility } from './providers/SessionAbility';
import { SettingsProvider } from './layout/SettingsContext';
import { useSettings } from './layout/useSettings';
import { LaunchPage } from './pages/LaunchPage';
import { LoginPage } from './pages/LoginPage';
import { NoPermissionPage } from './pages/NoPermissionPage';
import { CatchAll, NotFoundPage } from './pages/NotFoundPage';
import { ProcessLayout } from './pages/process/ProcessLayout';
import { RedirectPage } from './pages/RedirectPage';
import { authProvider } from './providers/authProvider';
import { dataProvider } from './providers/dataProvider';
import { i18nProvider } from './providers/i18n/i18nProvider';
import { store } from './providers/store';
import { resources } from './resources';
import { MANUSCRIPT_PATHS, manuscriptPage } from './resources/manuscripts';
import { newsRoutes } from './resources/news';
import { ProductManagementPage } from './pages/production';
import { AccessGuard } from './resources/shared/AccessGuard';
import { createHorizonTheme } from './theme/theme';

/** canAccess said no: the no-permission page, as for a 403. */
function AccessDenied() {
  return <Navigate to="/401" replace />;
}

const WarningListPage = lazy(() => import('./pages/process/WarningListPage').then((m) => ({ default: m.WarningListPage })));
const AnalysisPage = lazy(() => import('./pages/process/analysis/AnalysisPage').then((m) => ({ default: m.AnalysisPage })));
const DashboardPage = lazy(() => import('./pages/dashboard/DashboardPage').then((m) => ({ default: m.DashboardPage })));
const UserCenterPage = lazy(() => import('./pages/userCenter/UserCenterPage').then((m) => ({ default: m.UserCenterPage })));
const SubscribePage = lazy(() => import('./pages/process/subscribe/SubscribePage').then((m) => ({ default: m.SubscribePage })));
const ProcessingPage = lazy(() => import('./pages/process/processing/ProcessingPage').then((m) => ({ default: m.ProcessingPage })));
const ManuscriptDetailPage = lazy(() => import('./resources/manuscripts/ManuscriptDetailPage').then((m) => ({ default: m.ManuscriptDetailPage })));
const AchievementsPage = lazy(() => import('./pages/process/achieve/AchievementsPage').then((m) => ({ default: m.AchievementsPage })));
const CollectedNewsPage = lazy(() => import('./pages/process/CollectedNewsPage').then((m) => ({ default: m.CollectedNewsPage })));
const ProcessCenterPage = lazy(() => import('./pages/process/ProcessCenterPage').then((m) => ({ default: m.ProcessCenterPage })));
/** 期刊编辑 (the journal workbench), loaded when opened. */
const JournalWorkbenchPage = lazy(() => import('./pages/production/JournalWorkbenchPage').then((m) => ({ default: m.JournalWorkbenchPage })));
/** The large screens 数据大屏 / 分级大屏 / 展示大屏: full windows outside every layout (docs/screens.md). */
const ScreenPage = lazy(() => import('./pages/screen/ScreenPage').then((m) => ({ default: m.ScreenPage })));
const ScreenLevelPage = lazy(() => import('./pages/screen/ScreenPage').then((m) => ({ default: m.ScreenLevelPage })));
const ScreenShowPage = lazy(() => import('./pages/screen/ScreenShowPage').then((m) => ({ default: m.ScreenShowPage })));
/** The full-screen online editor (issue 15), its own window; the editor itself is a further chunk. */
const OfficePage = lazy(() => import('./resources/office').then((m) => ({ default: m.OfficePage })));
/** The data collection system (数据统计, 采集配置 = 数据源管理): its own header, loaded when opened. */
const CollectLayout = lazy(() => import('./pages/collect/CollectLayout').then((m) => ({ default: m.CollectLayout })));
const CollectStatisticsPage = lazy(() => import('./pages/collect/StatisticsPage'));
/** 动态投票 of the product-processing system (docs/votes.md), loaded when opened. */
const VotePage = lazy(() => import('./pages/process/vote').then((m) => ({ default: m.VotePage })));
const StatisticsPage = lazy(() => import('./pages/statistics/StatisticsPage'));
const CollectSourcesPage = lazy(() => import('./resources/collect-sources'));
/** The data storage system (跨网数据交换, 数据存储备份, 数据源管理): its own header, loaded when opened. */
const StorageLayout = lazy(() => import('./pages/storage/StorageLayout').then((m) => ({ default: m.StorageLayout })));
const ExchangePage = lazy(() => import('./pages/storage/ExchangePage'));
const BackupPage = lazy(() => import('./pages/storage/BackupPage'));
const FilesPage = lazy(() => import('./pages/storage/FilesPage'));

/** The news index: the home of the product-processing system. */
const newsIndex = newsRoutes.find((route) => route.path === '/pro/news')!.element;

/**
 * The product-processing (dynamic tracking) system: every page inside its top-navigation shell
 * (news-tracking spec §2), the news detail windows included — they keep the navigation, so a
 * detail opened in a new window can go on to other pages. An unknown path goes to the 404 page.
 */
const processRoutes: Array<{ path: string; element: ReactNode }> = [
  { path: '/productProcess-home', element: newsIndex },
  { path: '/productProcess-list', element: newsIndex },
  { path: '/productProcess-center', element: <ProcessCenterPage /> },
  // 稿件管理, also under its /pro paths
  ...MANUSCRIPT_PATHS.map((path) => ({ path, element: manuscriptPage() })),
  { path: '/productProcess-product', element: <ProductManagementPage mode="process" /> },
  { path: '/productProcess-achieve', element: <AchievementsPage /> },
  { path: '/productProcess-statistic', element: <StatisticsPage /> },
  { path: '/productProcess-vote', element: <VotePage /> },
  { path: '/yjList', element: <WarningListPage /> },
  { path: '/pro/home', element: newsIndex },
  // /pro/news, and the detail pages /pro/news/detailFull2/:id and /pro/news/detailFull/:id
  ...newsRoutes,
  // 期刊编辑 in this shell (the spec's journal manuscript configuration, ?productId=&journalId=)
  { path: '/pro/setManu', element: <JournalWorkbenchPage /> },
  // 查询统计 (docs/news-analysis.md)
  { path: '/pro/analysis', element: <AnalysisPage /> },
  // 新闻订阅 and 收藏新闻 (menus of 动态跟踪)
  { path: '/pro/subscribe', element: <SubscribePage /> },
  { path: '/pro/collect', element: <CollectedNewsPage /> },
  // 动态加工: the department's chosen items by stage
  { path: '/pro/product', element: <ProcessingPage /> },
  // the journal list of a product: 产品加工's 期刊管理 tab filtered by the product
  { path: '/pro/product/journal/:id', element: <ProductJournalsRedirect /> },
  // any other /pro path is unknown
  { path: '/pro/*', element: <CatchAll /> },
];

/** /pro/product/journal/:id → 产品加工, 期刊管理 tab of product :id (an id that is not one → the unfiltered tab). */
function ProductJournalsRedirect() {
  const { id = '' } = useParams();
  const productId = /^[1-9]\d{0,9}$/.test(id) ? `&productId=${id}` : '';
  return <Navigate to={`/productProcess-product?tab=journal${productId}`} replace />;
}

/** Rendered by react-admin once, above every layout: the notices and the forced password change. */
function AppOverlays() {
  return (
    <>
      <HorizonNotification />
      <PasswordChangeGate />
    </>
  );
}

/** The admin shell with the session's CASL ability in context (`<Can>`, `useAppAbility()`). */
function AbilityLayout(props: ComponentProps<typeof HorizonLayout>) {
  return (
    <SessionAbility>
      <HorizonLayout {...props} />
    </SessionAbility>
  );
}

function HorizonAdmin() {
  const { settings } = useSettings();
  const theme = useMemo(() => createHorizonTheme(settings.themeColor), [settings.themeColor]);
  return (
    <Admin
      title="Horizon 新闻平台"
      disableTelemetry
      requireAuth
      dataProvider={dataProvider}
      authProvider={authProvider}
      i18nProvider={i18nProvider}
      store={store}
      theme={theme}
      layout={AbilityLayout}
      loginPage={LoginPage}
      notification={AppOverlays}
      catchAll={CatchAll}
      accessDenied={AccessDenied}
    >
      <CustomRoutes noLayout>
        <Route path="/" element={<Navigate to="/enter" replace />} />
        <Route path="/loginAdmin" element={<LoginPage />} />
        <Route path="/401" element={<NoPermissionPage />} />
        <Route path="/404" element={<NotFoundPage />} />
        <Route
          path="/office/:kind/:id"
          element={
            <Authenticated>
              <Suspense fallback={<Loading />}>
                <OfficePage />
              </Suspense>
            </Authenticated>
          }
        />
        <Route
          path="/screen"
          element={
            <Authenticated>
              <Suspense fallback={<Loading />}>
                <ScreenPage />
              </Suspense>
            </Authenticated>
          }
        />
        <Route
          path="/screenLevel"
          element={
            <Authenticated>
              <Suspense fallback={<Loading />}>
                <ScreenLevelPage />
              </Suspense>
            </Authenticated>
          }
        />
        <Route
          path="/screenShow"
          element={
            <Authenticated>
              <Suspense fallback={<Loading />}>
                <ScreenShowPage />
              </Suspense>
            </Authenticated>
          }
        />
        <Route
          path="/enter"
          element={
            <Authenticated>
              <SessionAbility>
                <LaunchPage />
              </SessionAbility>
            </Authenticated>
          }
        />
        <Route
          element={
            <Authenticated>
              <SessionAbility>
                <ProcessLayout />
              </SessionAbility>
            </Authenticated>
          }
        >
          {processRoutes.map(({ path, element }) => (
            <Route key={path} path={path} element={element} />
          ))}
        </Route>
        <Route
          element={
            <Authenticated>
              <SessionAbility>
                <Suspense fallback={<Loading />}>
                  <CollectLayout />
                </Suspense>
              </SessionAbility>
            </Authenticated>
          }
        >
          <Route path="/website-statistic" element={<CollectStatisticsPage />} />
          <Route path="/collect-config" element={<CollectSourcesPage />} />
        </Route>
        <Route
          element={
            <Authenticated>
              <SessionAbility>
                <Suspense fallback={<Loading />}>
                  <StorageLayout />
                </Suspense>
              </SessionAbility>
            </Authenticated>
          }
        >
          <Route path="/dataExchange" element={<ExchangePage />} />
          <Route path="/dataSave" element={<BackupPage />} />
          <Route path="/website" element={<CollectSourcesPage />} />
          <Route path="/localStorage" element={<FilesPage />} />
        </Route>
      </CustomRoutes>
      <CustomRoutes>
        <Route path="/redirect/*" element={<RedirectPage />} />
        <Route
          path="/detail/:id"
          element={
            <Suspense fallback={<Loading />}>
              <ManuscriptDetailPage />
            </Suspense>
          }
        />
        <Route
          path="/home/dashboard"
          element={
            <Suspense fallback={<Loading />}>
              <DashboardPage />
            </Suspense>
          }
        />
        <Route
          path="/user/center"
          element={
            <Suspense fallback={<Loading />}>
              <UserCenterPage />
            </Suspense>
          }
        />
        {/* 产品管理 / 期刊管理 tabs; 期刊编辑 (?productId=&journalId=); the other /product pages are still to come */}
        {['/product/productSetting', '/product/productJournal'].map((path) => (
          <Route
            key={path}
            path={path}
            element={
              <Suspense fallback={<Loading />}>
                <ProductManagementPage mode="admin" />
              </Suspense>
            }
          />
        ))}
        <Route
          path="/product/manuscript"
          element={
            <Suspense fallback={<Loading />}>
              <JournalWorkbenchPage />
            </Suspense>
          }
        />
        <Route
          path="/product/statistic"
          element={
            <Suspense fallback={<Loading />}>
              <StatisticsPage />
            </Suspense>
          }
        />
        {/* the 动态投票 menu of 产品加工 carries the vote codes; its page is the top navigation's */}
        <Route path="/product/vote" element={<Navigate to="/productProcess-vote" replace />} />
        <Route path="/product/*" element={<CatchAll />} />
      </CustomRoutes>
      {resources.map(({ name, apiPath: _apiPath, list: ListView, ...views }) => (
        <Resource
          key={name}
          name={name}
          {...views}
          list={
            ListView && (
              <AccessGuard resource={name}>
                <Suspense fallback={<Loading />}>
                  <ListView />
                </Suspense>
              </AccessGuard>
            )
          }
        />
      ))}
    </Admin>
  );
}

/**
 * The whole SPA. It runs inside a browser (history) router whose basename is `/horizon`, so every
 * route here — and react-admin's own links — are written without the prefix.
 */
export function App() {
  return (
    <SettingsProvider>
      <HorizonAdmin />
    </SettingsProvider>
  );
}
