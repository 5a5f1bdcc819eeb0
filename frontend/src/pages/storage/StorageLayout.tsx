import { type MouseEvent, Suspense, useEffect, useState } from 'react';
import {
  AppBar,
  Avatar,
  Box,
  Button,
  ButtonBase,
  CircularProgress,
  Divider,
  ListItemIcon,
  ListItemText,
  Menu,
  MenuItem,
  Stack,
  type Theme,
  Toolbar,
  Typography,
  useMediaQuery,
} from '@mui/material';
import ExpandMoreIcon from '@mui/icons-material/ExpandMore';
import HomeOutlined from '@mui/icons-material/HomeOutlined';
import LogoutOutlined from '@mui/icons-material/LogoutOutlined';
import PersonOutlined from '@mui/icons-material/PersonOutlined';
import { Confirm, useGetIdentity, useLogout, usePermissions, useTranslate } from 'react-admin';
import { Link as RouterLink, Navigate, Outlet, useLocation, useNavigate } from 'react-router-dom';
import { LanguageMenuButton } from '../../components/LanguageMenuButton';
import { Logo } from '../../components/Logo';
import { can, canAny } from '../../providers/permissions';
import { horizon, HORIZON_SHADOWS } from '../../theme/theme';
import { STORAGE_ROLES } from '../launch/addresses';
import { usePlatformSettings } from '../process/usePlatformSettings';
import { type StorageT, useStorageText } from './useStorageText';

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

function PageFallback() {
  return (
    <Box sx={{ display: 'flex', justifyContent: 'center', py: 12 }}>
      <CircularProgress size={32} />
    </Box>
  );
}

/**
 * The user entry: the name with a menu of 返回首页 (/enter), 个人中心 (/user/center) and — when the
 * platform settings allow it — 退出登录, confirmed with 确定注销并退出系统吗？ and followed by a reload.
 */
function StorageUserMenu({ logoutEnabled, compact, t }: { logoutEnabled: boolean; compact: boolean; t: StorageT }) {
  const { identity } = useGetIdentity();
  const navigate = useNavigate();
  const logout = useLogout();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const [confirming, setConfirming] = useState(false);
  const [leaving, setLeaving] = useState(false);
  const name = identity?.fullName ?? '';

  const go = (path: string) => {
    setAnchor(null);
    navigate(path);
  };
  const confirmLogout = async () => {
    setLeaving(true);
    try {
      await logout({}, false);
    } finally {
      window.location.reload();
    }
  };

  return (
    <>
      <ButtonBase
        onClick={(event: MouseEvent<HTMLElement>) => setAnchor(event.currentTarget)}
        aria-haspopup="menu"
        aria-expanded={anchor ? 'true' : undefined}
        aria-label={t('menu.open')}
        sx={{ display: 'flex', alignItems: 'center', gap: 1, px: 1, py: 0.5, borderRadius: 1, color: 'inherit', '&:hover': { bgcolor: horizon('onPrimaryHover') } }}
      >
        <Avatar src={identity?.avatar} alt={name} sx={{ width: 30, height: 30, fontSize: 14, bgcolor: horizon('onPrimaryAvatar'), color: 'common.white' }}>
          {name.slice(0, 1)}
        </Avatar>
        {!compact && (
          <Typography variant="body2" noWrap sx={{ maxWidth: 120, color: 'inherit' }}>
            {name}
          </Typography>
        )}
        <ExpandMoreIcon fontSize="small" />
      </ButtonBase>
      <Menu
        anchorEl={anchor}
        open={anchor !== null}
        onClose={() => setAnchor(null)}
        anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }}
        transformOrigin={{ vertical: 'top', horizontal: 'right' }}
        slotProps={{ paper: { sx: { minWidth: 160, mt: 0.5 } } }}
      >
        <MenuItem onClick={() => go('/enter')}>
          <ListItemIcon>
            <HomeOutlined fontSize="small" />
          </ListItemIcon>
          <ListItemText>{t('menu.home')}</ListItemText>
        </MenuItem>
        <MenuItem onClick={() => go('/user/center')}>
          <ListItemIcon>
            <PersonOutlined fontSize="small" />
          </ListItemIcon>
          <ListItemText>{t('menu.center')}</ListItemText>
        </MenuItem>
        {logoutEnabled && <Divider />}
        {logoutEnabled && (
          <MenuItem
            onClick={() => {
              setAnchor(null);
              setConfirming(true);
            }}
          >
            <ListItemIcon>
              <LogoutOutlined fontSize="small" />
            </ListItemIcon>
            <ListItemText>{t('menu.logout')}</ListItemText>
          </MenuItem>
        )}
      </Menu>
      <Confirm
        isOpen={confirming}
        loading={leaving}
        title="app.navbar.logout_title"
        content="app.navbar.logout_confirm"
        confirmColor="warning"
        onClose={() => setConfirming(false)}
        onConfirm={() => void confirmLogout()}
      />
    </>
  );
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
          <StorageUserMenu logoutEnabled={settings?.logoutEnabled ?? false} compact={compact} t={t} />
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
