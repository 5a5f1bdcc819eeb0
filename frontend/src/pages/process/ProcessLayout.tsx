import { Suspense, useEffect, useState } from 'react';
import { AppBar, Box, Button, CircularProgress, IconButton, Stack, type Theme, Toolbar, Tooltip, Typography, useMediaQuery } from '@mui/material';
import HomeOutlined from '@mui/icons-material/HomeOutlined';
import MenuIcon from '@mui/icons-material/Menu';
import { useTranslate } from 'react-admin';
import { Link as RouterLink, Outlet, useLocation } from 'react-router-dom';
import { LanguageMenuButton } from '../../components/LanguageMenuButton';
import { Logo } from '../../components/Logo';
import { LiveNoticesDeferred as LiveNotices } from '../../components/LiveNoticesDeferred';
import { NewsSubmitDialog } from '../../resources/manuscripts';
import { NewsPushProvider } from '../../resources/shared/newsPush';
import { HORIZON_SHADOWS } from '../../theme/theme';
import { activeProcessNav, LAUNCH_PATH, PROCESS_BAR_HEIGHT, PROCESS_NAV } from './processNav';
import { ProcessBarLinks, ProcessNavDrawer } from './ProcessNavParts';
import { ProcessUserMenu } from './ProcessUserMenu';
import { usePlatformSettings } from './usePlatformSettings';


function PageFallback() {
  return (
    <Box sx={{ display: 'flex', justifyContent: 'center', py: 12 }}>
      <CircularProgress size={32} />
    </Box>
  );
}

/**
 * The product-processing (dynamic tracking) system's shell: a top navigation bar and no sidebar
 * (news-tracking spec §2). Logo and 返回首页 lead to the launch page; the active link follows the
 * route's second segment; the user entry offers logout when the platform settings allow it. The
 * routes render in the <Outlet/>, with the news lists' submission dialog provided.
 */
export function ProcessLayout() {
  const translate = useTranslate();
  const { pathname } = useLocation();
  const active = activeProcessNav(pathname);
  const { data: settings } = usePlatformSettings();
  const narrow = useMediaQuery((theme: Theme) => theme.breakpoints.down('md'), { noSsr: true });
  const compact = useMediaQuery((theme: Theme) => theme.breakpoints.down('lg'), { noSsr: true });
  const [drawerOpen, setDrawerOpen] = useState(false);
  const systemName = translate('app.process.title');
  const platformName = settings?.title || translate('app.title');

  useEffect(() => {
    const item = PROCESS_NAV.find((entry) => entry.key === active);
    document.title = item ? `${translate(item.label)} - ${systemName}` : systemName;
  }, [active, systemName, translate]);

  useEffect(() => setDrawerOpen(false), [pathname]);

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
        <Toolbar disableGutters variant="dense" sx={{ minHeight: PROCESS_BAR_HEIGHT, height: PROCESS_BAR_HEIGHT, px: { xs: 1, sm: 2 }, gap: 1 }} component="nav" aria-label={systemName}>
          {narrow && (
            <IconButton color="inherit" edge="start" aria-label={translate('app.process.open_nav')} onClick={() => setDrawerOpen(true)}>
              <MenuIcon />
            </IconButton>
          )}
          <Box
            component={RouterLink}
            to={LAUNCH_PATH}
            aria-label={translate('app.process.back_home')}
            sx={{ display: 'flex', alignItems: 'center', gap: 1.25, color: 'inherit', textDecoration: 'none', flexShrink: 0, mr: { md: compact ? 1 : 3 } }}
          >
            <Box sx={{ display: 'flex', p: '2px', borderRadius: '9px', bgcolor: 'common.white' }}>
              <Logo size={30} />
            </Box>
            <Box sx={{ lineHeight: 1.15 }}>
              <Typography component="span" sx={{ display: 'block', fontSize: 17, fontWeight: 600, letterSpacing: 1, whiteSpace: 'nowrap' }}>
                {systemName}
              </Typography>
              {!compact && (
                <Typography component="span" sx={{ display: 'block', fontSize: 12, opacity: 0.8, whiteSpace: 'nowrap' }}>
                  {platformName}
                </Typography>
              )}
            </Box>
          </Box>
          {!narrow && (
            <Stack direction="row" sx={{ alignSelf: 'stretch', alignItems: 'stretch', minWidth: 0, overflowX: 'auto', scrollbarWidth: 'none' }}>
              <ProcessBarLinks active={active} compact={compact} />
            </Stack>
          )}
          <Box sx={{ flex: 1 }} />
          {compact ? (
            <Tooltip title={translate('app.process.back_home')}>
              <IconButton color="inherit" component={RouterLink} to={LAUNCH_PATH} aria-label={translate('app.process.back_home')}>
                <HomeOutlined />
              </IconButton>
            </Tooltip>
          ) : (
            <Button color="inherit" component={RouterLink} to={LAUNCH_PATH} startIcon={<HomeOutlined />} sx={{ whiteSpace: 'nowrap', flexShrink: 0 }}>
              {translate('app.process.back_home')}
            </Button>
          )}
          <LanguageMenuButton />
          <ProcessUserMenu logoutEnabled={settings?.logoutEnabled ?? false} compact={compact} />
        </Toolbar>
      </AppBar>

      <ProcessNavDrawer open={narrow && drawerOpen} onClose={() => setDrawerOpen(false)} active={active} systemName={systemName} />

      <LiveNotices />
      <Box component="main" sx={{ flex: 1, minWidth: 0, p: { xs: 1, sm: 2 } }}>
        {/* the news lists' 报送 opens the manuscript screens' dialog */}
        <NewsPushProvider value={NewsSubmitDialog}>
          <Suspense fallback={<PageFallback />}>
            <Outlet />
          </Suspense>
        </NewsPushProvider>
      </Box>
    </Box>
  );
}
