import { Suspense, useEffect } from 'react';
import { AppBar, Box, Button, Stack, type Theme, Toolbar, Typography, useMediaQuery } from '@mui/material';
import { usePermissions, useTranslate } from 'react-admin';
import { Link as RouterLink, Navigate, Outlet, useLocation } from 'react-router-dom';
import { LanguageMenuButton } from '../../components/LanguageMenuButton';
import { Logo } from '../../components/Logo';
import { PageFallback, SystemUserMenu } from '../../components/SystemShellParts';
import { can, canAny } from '../../providers/permissions';
import { horizon, HORIZON_SHADOWS } from '../../theme/theme';
import { STORAGE_ROLES } from '../launch/addresses';
import { usePlatformSettings } from '../process/usePlatformSettings';
import { useStorageText } from './useStorageText';

export const STORAGE_BAR_HEIGHT = 56;

/**
 * The tabs of the storage system header, by route: the spec's three (production-admin §2), then
 * 文件存储 (the storage module's fourth menu, `storage:list`) for those who hold its code.
 */
export const STORAGE_NAV: ReadonlyArray<{ key: string; to: string; label: 'nav.exchange' | 'nav.backup' | 'nav.sources' | 'nav.files'; perm?: string }> = [
  { key: 'dataExchange', to: '/dataExchange', label: 'nav.exchange' },
  { key: 'dataSave', to: '/dataSave', label: 'nav.backup' },
  { key: 'website', to: '/website', label: 'nav.sources' },
  { key: 'localStorage', to: '/localStorage', label: 'nav.files', perm: 'storage:list' },
];

/** The tab of a path: its first segment after the base (the spec's "second path segment" counts `/horizon`). */
export function activeStorageTab(pathname: string): string | null {
  const segment = pathname.replace(/^\/horizon(?=\/|$)/, '').split('/').filter(Boolean)[0] ?? '';
  return STORAGE_NAV.some((item) => item.key === segment) ? segment : null;
}

/**
 * The data storage system's shell (production-admin spec §2 "Storage system header"): logo and
 * name (to the launch page), the tabs 跨网数据交换 / 数据存储备份 / 数据源管理 with the active one from
 * the path, the language and user menus; no sidebar. Only holders of `timing:edit` (or admin) get
 * in — anyone else lands on /404, as the launch tile sends them.
 */
export function StorageLayout() {
  const t = useStorageText();
  const translate = useTranslate();
  const { pathname } = useLocation();
  const active = activeStorageTab(pathname);
  const { permissions, isPending } = usePermissions<string[]>();
  const { data: settings } = usePlatformSettings();
  const compact = useMediaQuery((theme: Theme) => theme.breakpoints.down('md'), { noSsr: true });
  const systemName = t('title');
  const codes = Array.isArray(permissions) ? permissions : [];
  const allowed = canAny(codes, STORAGE_ROLES);
  const tabs = STORAGE_NAV.filter((item) => !item.perm || can(codes, item.perm));

  useEffect(() => {
    const item = STORAGE_NAV.find((entry) => entry.key === active);
    document.title = item ? `${t(item.label)} - ${systemName}` : systemName;
  }, [active, systemName, t]);

  if (isPending) return <PageFallback />;
  if (!allowed) return <Navigate to="/404" replace />;

  return (
    <Box sx={{ minHeight: '100vh', display: 'flex', flexDirection: 'column', bgcolor: 'background.default' }}>
      <AppBar
        position="sticky"
        elevation={0}
        sx={(theme) => ({
          color: 'common.white',
          background: `linear-gradient(90deg, ${theme.palette.primary.dark} 0%, ${theme.palette.primary.main} 100%)`,
          boxShadow: HORIZON_SHADOWS.processBar,
        })}
      >
        <Toolbar
          disableGutters
          variant="dense"
          component="nav"
          aria-label={systemName}
          sx={{ minHeight: STORAGE_BAR_HEIGHT, height: STORAGE_BAR_HEIGHT, px: { xs: 1, sm: 2 }, gap: 1 }}
        >
          <Box
            component={RouterLink}
            to="/enter"
            aria-label={t('menu.home')}
            sx={{ display: 'flex', alignItems: 'center', gap: 1.25, color: 'inherit', textDecoration: 'none', flexShrink: 0, mr: compact ? 1 : 3 }}
          >
            <Box sx={{ display: 'flex', p: '2px', borderRadius: '9px', bgcolor: 'common.white' }}>
              <Logo size={30} />
            </Box>
            {!compact && (
              <Box sx={{ lineHeight: 1.15 }}>
                <Typography component="span" sx={{ display: 'block', fontSize: 17, fontWeight: 600, letterSpacing: 1, whiteSpace: 'nowrap' }}>
                  {systemName}
                </Typography>
                <Typography component="span" sx={{ display: 'block', fontSize: 12, opacity: 0.8, whiteSpace: 'nowrap' }}>
                  {settings?.title || translate('app.title')}
                </Typography>
              </Box>
            )}
          </Box>
          <Stack direction="row" sx={{ alignSelf: 'stretch', alignItems: 'stretch', minWidth: 0, overflowX: 'auto', scrollbarWidth: 'none' }}>
            {tabs.map((item) => {
              const selected = item.key === active;
              return (
                <Button
                  key={item.key}
                  component={RouterLink}
                  to={item.to}
                  color="inherit"
                  aria-current={selected ? 'page' : undefined}
                  sx={{
                    height: STORAGE_BAR_HEIGHT,
                    px: compact ? 1.25 : 2,
                    minWidth: 0,
                    borderRadius: 0,
                    fontSize: 15,
                    fontWeight: selected ? 600 : 400,
                    whiteSpace: 'nowrap',
                    opacity: selected ? 1 : 0.88,
                    bgcolor: selected ? horizon('onPrimarySelected') : 'transparent',
                    boxShadow: selected ? HORIZON_SHADOWS.processNavSelected : 'none',
                    '&:hover': { bgcolor: horizon('onPrimaryHover'), opacity: 1 },
                  }}
                >
                  {t(item.label)}
                </Button>
              );
            })}
          </Stack>
          <Box sx={{ flex: 1 }} />
          <LanguageMenuButton />
          <SystemUserMenu logoutEnabled={settings?.logoutEnabled ?? false} compact={compact} labels={{ open: t('menu.open'), home: t('menu.home'), center: t('menu.center'), logout: t('menu.logout') }} />
        </Toolbar>
      </AppBar>
      <Box component="main" sx={{ flex: 1, minWidth: 0, p: { xs: 1, sm: 2 } }}>
        <Suspense fallback={<PageFallback />}>
          <Outlet />
        </Suspense>
      </Box>
    </Box>
  );
}
