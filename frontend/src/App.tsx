import { useMemo } from 'react';
import { Admin, Authenticated, CustomRoutes, Resource, useTranslate } from 'react-admin';
import { Navigate, Route } from 'react-router-dom';
import { HorizonLayout } from './layout/HorizonLayout';
import { HorizonNotification } from './layout/HorizonNotification';
import { SettingsProvider } from './layout/SettingsContext';
import { useSettings } from './layout/useSettings';
import { LaunchPage } from './pages/LaunchPage';
import { LoginPage } from './pages/LoginPage';
import { NoPermissionPage } from './pages/NoPermissionPage';
import { CatchAll, NotFoundPage } from './pages/NotFoundPage';
import { RedirectPage } from './pages/RedirectPage';
import { UnderConstruction } from './pages/UnderConstruction';
import { UserCenterPage } from './pages/userCenter/UserCenterPage';
import { authProvider } from './providers/authProvider';
import { dataProvider } from './providers/dataProvider';
import { i18nProvider } from './providers/i18n/i18nProvider';
import { store } from './providers/store';
import { resources } from './resources';
import { AccessGuard } from './resources/shared/AccessGuard';
import { createHorizonTheme } from './theme/theme';

/** canAccess said no: the no-permission page, as for a 403. */
function AccessDenied() {
  return <Navigate to="/401" replace />;
}

/** The product-processing system's pages of the spec (still to be built). */
const PROCESS_PAGES = ['list', 'center', 'manu', 'product', 'achieve', 'statistic', 'vote'].map((p) => `/productProcess-${p}`).concat('/yjList');

/** Routes of modules still to be built, with their titles. */
function ModulePlaceholder({ titleKey }: { titleKey: string }) {
  const translate = useTranslate();
  return <UnderConstruction title={translate(titleKey)} />;
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
      layout={HorizonLayout}
      loginPage={LoginPage}
      notification={HorizonNotification}
      catchAll={CatchAll}
      accessDenied={AccessDenied}
    >
      <CustomRoutes noLayout>
        <Route path="/" element={<Navigate to="/enter" replace />} />
        <Route path="/loginAdmin" element={<LoginPage />} />
        <Route path="/401" element={<NoPermissionPage />} />
        <Route path="/404" element={<NotFoundPage />} />
        <Route
          path="/enter"
          element={
            <Authenticated>
              <LaunchPage />
            </Authenticated>
          }
        />
      </CustomRoutes>
      <CustomRoutes>
        <Route path="/redirect/*" element={<RedirectPage />} />
        <Route path="/user/center" element={<UserCenterPage />} />
        <Route path="/website-statistic" element={<ModulePlaceholder titleKey="app.modules.collect" />} />
        <Route path="/productProcess-home" element={<ModulePlaceholder titleKey="app.launch.process" />} />
        <Route path="/collect-config" element={<ModulePlaceholder titleKey="app.modules.collect" />} />
        <Route path="/dataExchange" element={<ModulePlaceholder titleKey="app.modules.storage" />} />
        <Route path="/dataSave" element={<ModulePlaceholder titleKey="app.modules.storage" />} />
        <Route path="/website" element={<ModulePlaceholder titleKey="app.modules.storage" />} />
        <Route path="/localStorage" element={<ModulePlaceholder titleKey="app.modules.storage" />} />
        <Route path="/product/*" element={<ModulePlaceholder titleKey="app.launch.process" />} />
        {PROCESS_PAGES.map((path) => (
          <Route key={path} path={path} element={<ModulePlaceholder titleKey="app.launch.process" />} />
        ))}
        <Route path="/pro/*" element={<ModulePlaceholder titleKey="app.launch.process" />} />
      </CustomRoutes>
      {resources.map(({ name, apiPath: _apiPath, list: ListView, ...views }) => (
        <Resource
          key={name}
          name={name}
          {...views}
          list={
            ListView && (
              <AccessGuard resource={name}>
                <ListView />
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
