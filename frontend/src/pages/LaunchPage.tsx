import { type ComponentType, useState } from 'react';
import { Avatar, Box, Button, Container, Stack, Typography } from '@mui/material';
import { useTheme } from '@mui/material/styles';
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
import { HORIZON_BACKGROUNDS, horizonPalette } from '../theme/theme';
import { ADDRESS_CALLS, extractAddress, serverMessage, STORAGE_ROLES } from './launch/addresses';
import { LaunchTile } from './launch/LaunchTile';
import { usePlatformSettings } from './process/usePlatformSettings';

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
  const colors = horizonPalette(useTheme());

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
    { key: 'collect', icon: CloudDownloadOutlined, color: colors.launchCollect, onOpen: () => enter('collect', '/website-statistic') },
    { key: 'process', icon: TrackChangesOutlined, color: colors.launchProcess, onOpen: () => enter('process', '/productProcess-home') },
    { key: 'system', icon: AdminPanelSettingsOutlined, color: colors.launchSystem, onOpen: () => enter('system', '/system/user') },
    {
      key: 'storage',
      icon: StorageOutlined,
      color: colors.launchStorage,
      onOpen: () => (canAny(roles, STORAGE_ROLES) ? enter('storage', '/dataExchange') : navigate('/404')),
    },
    { key: 'knowledge', icon: HubOutlined, color: colors.launchKnowledge, onOpen: () => openExternal('knowledge') },
    { key: 'clue', icon: ManageSearchOutlined, color: colors.launchClue, onOpen: () => openExternal('clue') },
  ];

  return (
    <Box
      component="main"
      sx={{
        minHeight: '100vh',
        background: HORIZON_BACKGROUNDS.launch,
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
          {tiles.map(({ key, icon, color, onOpen }) => (
            <LaunchTile
              key={key}
              icon={icon}
              color={color}
              title={translate(`app.launch.${key}`)}
              hint={hint(key)}
              busy={busy === key}
              disabled={busy !== null}
              onOpen={() => void onOpen()}
            />
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
