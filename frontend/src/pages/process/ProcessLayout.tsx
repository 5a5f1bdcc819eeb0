import { Suspense, useEffect, useState } from 'react';
import {
  AppBar,
  Box,
  Button,
  CircularProgress,
  Divider,
  Drawer,
  IconButton,
  List,
  ListItemButton,
  ListItemIcon,
  ListItemText,
  Stack,
  type Theme,
  Toolbar,
  Tooltip,
  Typography,
  useMediaQuery,
} from '@mui/material';
import { alpha } from '@mui/material/styles';
import HomeOutlined from '@mui/icons-material/HomeOutlined';
import MenuIcon from '@mui/icons-material/Menu';
import { useTranslate } from 'react-admin';
import { Link as RouterLink, Outlet, useLocation } from 'react-router-dom';
import { LanguageMenuButton } from '../../components/LanguageMenuButton';
import { Logo } from '../../components/Logo';
import { LiveNoticesDeferred as LiveNotices } from '../../components/LiveNoticesDeferred';
import { NewsSubmitDialog } from '../../resources/manuscripts';
import { NewsPushProvider } from '../../resources/shared/newsPush';
import { activeProcessNav, LAUNCH_PATH, PROCESS_NAV } from './processNav';
import { ProcessUserMenu } from './ProcessUserMenu';
import { usePlatformSettings } from './usePlatformSettings';

/** Height of the top bar; pages that fill the window subtract it. */
export const PROCESS_BAR_HEIGHT = 56;

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

  const links = PROCESS_NAV.map((item) => {
    const selected = item.key === active;
    return (
      <Button
        key={item.key}
        component={RouterLink}
        to={item.to}
        color="inherit"
        aria-current={selected ? 'page' : undefined}
        sx={{
          height: PROCESS_BAR_HEIGHT,
          px: compact ? 1.25 : 2,
          minWidth: 0,
          borderRadius: 0,
          fontSize: 15,
          fontWeight: selected ? 600 : 400,
          whiteSpace: 'nowrap',
          opacity: selected ? 1 : 0.88,
          bgcolor: selected ? 'rgba(255,255,255,.16)' : 'transparent',
          boxShadow: selected ? 'inset 0 -3px 0 #fff' : 'none',
          '&:hover': { bgcolor: 'rgba(255,255,255,.12)', opacity: 1 },
        }}
      >
        {translate(item.label)}
      </Button>
    );
  });

  return (
    <Box sx={{ minHeight: '100vh', display: 'flex', flexDirection: 'column', bgcolor: '#f0f2f5' }}>
      <AppBar
        position="sticky"
        elevation={0}
        sx={(theme) => ({
          color: '#fff',
          background: `linear-gradient(90deg, ${theme.palette.primary.dark} 0%, ${theme.palette.primary.main} 100%)`,
          boxShadow: '0 1px 4px rgba(0, 21, 41, 0.12)',
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
            <Box sx={{ display: 'flex', p: '2px', borderRadius: '9px', bgcolor: '#fff' }}>
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
              {links}
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

      <Drawer open={narrow && drawerOpen} onClose={() => setDrawerOpen(false)}>
        <Box sx={{ width: 240 }} role="presentation">
          <Stack direction="row" sx={{ alignItems: 'center', gap: 1.25, px: 2, height: PROCESS_BAR_HEIGHT, borderBottom: '1px solid #ebeef5' }}>
            <Logo size={28} />
            <Typography sx={{ fontWeight: 600 }}>{systemName}</Typography>
          </Stack>
          <List component="nav" aria-label={systemName} sx={{ py: 1 }}>
            {PROCESS_NAV.map((item) => {
              const selected = item.key === active;
              return (
                <ListItemButton
                  key={item.key}
                  component={RouterLink}
                  to={item.to}
                  selected={selected}
                  aria-current={selected ? 'page' : undefined}
                  sx={(theme) => ({
                    borderLeft: '3px solid transparent',
                    '&.Mui-selected, &.Mui-selected:hover': { color: 'primary.main', borderLeftColor: 'primary.main', bgcolor: alpha(theme.palette.primary.main, 0.08) },
                  })}
                >
                  <ListItemText primary={translate(item.label)} slotProps={{ primary: { sx: { fontWeight: selected ? 600 : 400 } } }} />
                </ListItemButton>
              );
            })}
            <Divider sx={{ my: 1 }} />
            <ListItemButton component={RouterLink} to={LAUNCH_PATH} sx={{ borderLeft: '3px solid transparent' }}>
              <ListItemIcon sx={{ minWidth: 32 }}>
                <HomeOutlined fontSize="small" />
              </ListItemIcon>
              <ListItemText primary={translate('app.process.back_home')} />
            </ListItemButton>
          </List>
        </Box>
      </Drawer>

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
