import { Suspense, useEffect } from 'react';
import { AppBar, Badge, Box, ButtonBase, type Theme, Toolbar, Typography, useMediaQuery } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { useDataProvider, useNotify } from 'react-admin';
import { Link as RouterLink, Outlet, useLocation, useNavigate } from 'react-router-dom';
import { LanguageMenuButton } from '../../components/LanguageMenuButton';
import { Logo } from '../../components/Logo';
import { PageFallback, SystemUserMenu } from '../../components/SystemShellParts';
import { holds, useAppAbility } from '../../providers/ability';
import type { HorizonDataProvider } from '../../providers/dataProvider';
import { horizon, HORIZON_SHADOWS } from '../../theme/theme';
import { usePlatformSettings } from '../process/usePlatformSettings';
import { useCollectText } from './useCollectText';

export const COLLECT_BAR_HEIGHT = 56;
export const STATISTIC_PATH = '/website-statistic';
export const CONFIG_PATH = '/collect-config';

/** The tab of a path (null when neither). */
export function activeCollectTab(pathname: string): 'statistic' | 'config' | null {
  const path = pathname.replace(/^\/horizon(?=\/|$)/, '');
  if (path.startsWith(STATISTIC_PATH)) return 'statistic';
  if (path.startsWith(CONFIG_PATH)) return 'config';
  return null;
}

/** An HttpError of `GET postCollect` saying no external address is configured. */
function notConfigured(error: unknown): boolean {
  const e = error as { status?: number; body?: { code?: string } } | null;
  return e?.status === 404 || e?.body?.code === 'NOT_CONFIGURED';
}

/**
 * 采集配置 (docs/collect-design.md §9; production-admin spec §2 "Collection system header"): asks the
 * server for the external collection system's address and opens it in a new window; when none is
 * configured (404 NOT_CONFIGURED) the built-in source management opens instead.
 */
export function useOpenCollectConfig() {
  const dataProvider = useDataProvider<HorizonDataProvider>();
  const navigate = useNavigate();
  const notify = useNotify();
  const t = useCollectText();
  return async () => {
    try {
      const { data } = await dataProvider.call<{ url: string }>('api/collectionWebsite/postCollect');
      window.open(data.url, '_blank', 'noopener');
    } catch (error) {
      if (notConfigured(error)) navigate(CONFIG_PATH);
      else notify((error as Error)?.message || t('config_failed'), { type: 'error' });
    }
  };
}

const tabSx = (active: boolean) => ({
  px: 2,
  alignSelf: 'stretch',
  color: 'inherit',
  fontSize: 15,
  fontWeight: active ? 600 : 400,
  opacity: active ? 1 : 0.85,
  borderBottom: 3,
  borderColor: active ? 'common.white' : 'transparent',
  textDecoration: 'none',
  '&:hover': { opacity: 1, bgcolor: horizon('onPrimaryHover') },
});

/**
 * The data collection system's shell (production-admin spec §1/§2): logo and name (to the launch
 * page), the tabs 数据统计 / 采集配置 — the latter opens the external collection system when one is
 * configured, else the built-in source management with a badge of failing sources —, the language
 * and user menus; no sidebar.
 */
export function CollectLayout() {
  const t = useCollectText();
  const { pathname } = useLocation();
  const active = activeCollectTab(pathname);
  const { data: settings } = usePlatformSettings();
  const compact = useMediaQuery((theme: Theme) => theme.breakpoints.down('md'), { noSsr: true });
  const openConfig = useOpenCollectConfig();
  const ability = useAppAbility();
  const dataProvider = useDataProvider<HorizonDataProvider>();
  const mayList = holds(ability, 'website:list');
  const health = useQuery({
    queryKey: ['horizon', 'collect', 'sources', 'health'],
    queryFn: async () => (await dataProvider.call<{ failing: number }>('api/collectionWebsite/health')).data,
    enabled: mayList,
    staleTime: 60_000,
  });
  const systemName = t('title');

  useEffect(() => {
    const label = active === 'statistic' ? t('nav.statistic') : active === 'config' ? t('nav.config') : null;
    document.title = label ? `${label} - ${systemName}` : systemName;
  }, [active, systemName, t]);

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
        <Toolbar disableGutters variant="dense" component="nav" aria-label={systemName} sx={{ minHeight: COLLECT_BAR_HEIGHT, height: COLLECT_BAR_HEIGHT, px: { xs: 1, sm: 2 }, gap: 1 }}>
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
              <Typography component="span" sx={{ fontSize: 17, fontWeight: 600, letterSpacing: 1, whiteSpace: 'nowrap' }}>
                {systemName}
              </Typography>
            )}
          </Box>
          <Box sx={{ display: 'flex', alignSelf: 'stretch' }} role="tablist" aria-label={systemName}>
            <ButtonBase component={RouterLink} to={STATISTIC_PATH} role="tab" aria-selected={active === 'statistic'} sx={tabSx(active === 'statistic')}>
              {t('nav.statistic')}
            </ButtonBase>
            <ButtonBase role="tab" aria-selected={active === 'config'} onClick={() => void openConfig()} sx={tabSx(active === 'config')}>
              <Badge color="error" badgeContent={health.data?.failing ?? 0} max={99} sx={{ '& .MuiBadge-badge': { right: -10, top: -2 } }}>
                {t('nav.config')}
              </Badge>
            </ButtonBase>
          </Box>
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
