import { type ComponentType, useState } from 'react';
import { Avatar, Box, Button, Card, CardActionArea, CircularProgress, Container, Stack, Typography } from '@mui/material';
import type { SvgIconProps } from '@mui/material';
import AdminPanelSettingsOutlined from '@mui/icons-material/AdminPanelSettingsOutlined';
import CloudDownloadOutlined from '@mui/icons-material/CloudDownloadOutlined';
import HubOutlined from '@mui/icons-material/HubOutlined';
import LogoutOutlined from '@mui/icons-material/LogoutOutlined';
import ManageSearchOutlined from '@mui/icons-material/ManageSearchOutlined';
import StorageOutlined from '@mui/icons-material/StorageOutlined';
import TrackChangesOutlined from '@mui/icons-material/TrackChangesOutlined';
import {
  Confirm,
  useDataProvider,
  useGetIdentity,
  useLogout,
  useNotify,
  usePermissions,
  useTranslate,
} from 'react-admin';
import { useNavigate } from 'react-router-dom';
import { LanguageMenuButton } from '../components/LanguageMenuButton';
import { Logo } from '../components/Logo';
import { setCurrentModule, type ModuleKey } from '../layout/modules';
import type { HorizonDataProvider } from '../providers/dataProvider';
import { canAny } from '../providers/permissions';
import { usePlatformSettings } from './process/usePlatformSettings';

/** The server's message of a failed call, if it sent one. */
export function serverMessage(error: unknown): string | undefined {
  return error instanceof Error && error.message ? error.message : undefined;
}

/**
 * The two tiles that open an external system ask the server for its address (`GET
 * api/platform/externalUrl?target=…` → `{url}`, or 404 with a message when it is not configured;
 * the spec's own paths `api/collectionWebsite/postGraph|postSearch` answer the same).
 */
export const ADDRESS_CALLS = {
  knowledge: 'api/platform/externalUrl?target=knowledge',
  clue: 'api/platform/externalUrl?target=clue',
};

/** Roles that open the data storage module (spec §6). */
export const STORAGE_ROLES = ['timing:edit'];

/** An address from whatever shape the server answers: a string, or `{url|address|link|data}`. */
export function extractAddress(body: unknown): string | undefined {
  if (typeof body === 'string') {
    const value = body.trim();
    return /^(https?:\/\/|\/)/i.test(value) ? value : undefined;
  }
  if (body && typeof body === 'object') {
    const record = body as Record<string, unknown>;
    for (const key of ['url', 'address', 'link', 'data']) {
      const found = extractAddress(record[key]);
      if (found) return found;
    }
  }
  return undefined;
}

interface Tile {
  key: string;
  icon: ComponentType<SvgIconProps>;
  color: string;
  onOpen: () => void | Promise<void>;
}

/** /enter: the module launch page (six tiles). */
export function LaunchPage() {
  const translate = useTranslate();
  const navigate = useNavigate();
  const notify = useNotify();
  const logout = useLogout();
  const dataProvider = useDataProvider<HorizonDataProvider>();
  const { identity } = useGetIdentity();
  const { permissions } = usePermissions<string[]>();
  const [busy, setBusy] = useState<string | null>(null);
  const [confirmLogout, setConfirmLogout] = useState(false);
  const { data: platform } = usePlatformSettings();

  const enter = (module: ModuleKey, path: string) => {
    setCurrentModule(module);
    navigate(path);
  };

  const openExternal = async (key: keyof typeof ADDRESS_CALLS) => {
    setBusy(key);
    try {
      let address: string | undefined;
      try {
        address = extractAddress((await dataProvider.call<unknown>(ADDRESS_CALLS[key])).data);
      } catch (error) {
        // "…地址未配置，请联系管理员" (404) or whatever else the server said.
        const message = serverMessage(error);
        notify(message ?? 'app.launch.not_configured', { type: 'warning', messageArgs: message ? { _: message } : undefined });
        return;
      }
      if (!address) {
        notify('app.launch.not_configured', { type: 'warning' });
        return;
      }
      const opened = window.open(address, '_blank');
      if (opened) opened.opener = null;
      else notify('app.launch.popup_blocked', { type: 'warning' });
    } finally {
      setBusy(null);
    }
  };

  /** The hint under a tile: external tiles say when the deployment has no address for them. */
  const hint = (key: string) => {
    if (busy === key) return translate('app.launch.opening');
    if (platform && key in ADDRESS_CALLS && !platform.externalTargets.includes(key)) return translate('app.launch.not_configured');
    return translate(`app.launch.${key}_hint`);
  };

  const roles = Array.isArray(permissions) ? permissions : [];
  const tiles: Tile[] = [
    { key: 'collect', icon: CloudDownloadOutlined, color: '#409EFF', onOpen: () => enter('collect', '/website-statistic') },
    { key: 'process', icon: TrackChangesOutlined, color: '#11a983', onOpen: () => enter('process', '/productProcess-home') },
    { key: 'system', icon: AdminPanelSettingsOutlined, color: '#6959CD', onOpen: () => enter('system', '/system/user') },
    {
      key: 'storage',
      icon: StorageOutlined,
      color: '#E6A23C',
      onOpen: () => (canAny(roles, STORAGE_ROLES) ? enter('storage', '/dataExchange') : navigate('/404')),
    },
    { key: 'knowledge', icon: HubOutlined, color: '#13c2c2', onOpen: () => openExternal('knowledge') },
    { key: 'clue', icon: ManageSearchOutlined, color: '#f5222d', onOpen: () => openExternal('clue') },
  ];

  return (
    <Box
      component="main"
      sx={{
        minHeight: '100vh',
        background: 'linear-gradient(180deg, #eaf3ff 0%, #f5f7fa 45%, #f5f7fa 100%)',
        display: 'flex',
        flexDirection: 'column',
      }}
    >
      <Stack direction="row" sx={{ alignItems: 'center', px: { xs: 2, md: 4 }, py: 1.5, gap: 1.5 }}>
        <Logo size={32} />
        <Typography variant="h6" component="span" noWrap sx={{ fontWeight: 600, flex: 1, minWidth: 0, fontSize: { xs: 16, sm: 20 } }}>
          {platform?.title || translate('app.title')}
        </Typography>
        <LanguageMenuButton />
        {identity && (
          <Stack direction="row" sx={{ alignItems: 'center', gap: 1 }}>
            <Avatar src={identity.avatar} alt={identity.fullName} sx={{ width: 30, height: 30 }} />
            <Typography variant="body2" sx={{ display: { xs: 'none', sm: 'block' } }}>
              {identity.fullName}
            </Typography>
          </Stack>
        )}
        {platform?.logoutEnabled && (
          <Button
            color="inherit"
            startIcon={<LogoutOutlined />}
            onClick={() => setConfirmLogout(true)}
            aria-label={translate('app.navbar.logout')}
            sx={{ flexShrink: 0, minWidth: 0, '& .MuiButton-startIcon': { mr: { xs: 0, sm: 1 } } }}
          >
            <Box component="span" sx={{ display: { xs: 'none', sm: 'inline' } }}>
              {translate('app.navbar.logout')}
            </Box>
          </Button>
        )}
      </Stack>

      <Container maxWidth="lg" sx={{ flex: 1, display: 'flex', flexDirection: 'column', justifyContent: 'center', py: 4 }}>
        <Typography variant="h4" component="h1" sx={{ textAlign: 'center', fontWeight: 600, mb: 1 }}>
          {translate('app.launch.title')}
        </Typography>
        {identity?.fullName && (
          <Typography sx={{ textAlign: 'center', color: 'text.secondary', mb: 4 }}>
            {translate('app.launch.welcome', { name: identity.fullName })}
          </Typography>
        )}
        <Box sx={{ display: 'grid', gap: 3, gridTemplateColumns: { xs: '1fr', sm: 'repeat(2, 1fr)', md: 'repeat(3, 1fr)' } }}>
          {tiles.map(({ key, icon: Icon, color, onOpen }) => (
            <Card key={key} elevation={0} sx={{ borderRadius: 2, border: '1px solid #e4e7ed', transition: 'all .2s', '&:hover': { transform: 'translateY(-3px)', boxShadow: '0 10px 30px rgba(31,45,61,.12)', borderColor: color } }}>
              <CardActionArea onClick={() => void onOpen()} disabled={busy !== null} sx={{ p: 3, display: 'flex', alignItems: 'center', justifyContent: 'flex-start', gap: 2.5, minHeight: 128 }}>
                <Box sx={{ width: 64, height: 64, borderRadius: 2, bgcolor: `${color}1a`, color, display: 'flex', alignItems: 'center', justifyContent: 'center', flexShrink: 0 }}>
                  {busy === key ? <CircularProgress size={28} sx={{ color }} /> : <Icon sx={{ fontSize: 36 }} />}
                </Box>
                <Box sx={{ minWidth: 0 }}>
                  <Typography variant="h6" component="h2" sx={{ fontWeight: 600 }}>
                    {translate(`app.launch.${key}`)}
                  </Typography>
                  <Typography variant="body2" color="text.secondary">
                    {hint(key)}
                  </Typography>
                </Box>
              </CardActionArea>
            </Card>
          ))}
        </Box>
      </Container>

      <Confirm
        isOpen={confirmLogout}
        title="app.navbar.logout_title"
        content="app.navbar.logout_confirm"
        confirmColor="warning"
        onClose={() => setConfirmLogout(false)}
        onConfirm={() => {
          setConfirmLogout(false);
          void logout();
        }}
      />
    </Box>
  );
}
