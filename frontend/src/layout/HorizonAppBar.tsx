import { type ReactNode, useState } from 'react';
import { ListItemIcon, ListItemText, MenuItem } from '@mui/material';
import DashboardCustomizeOutlined from '@mui/icons-material/DashboardCustomizeOutlined';
import HomeOutlined from '@mui/icons-material/HomeOutlined';
import LogoutOutlined from '@mui/icons-material/LogoutOutlined';
import PersonOutlined from '@mui/icons-material/PersonOutlined';
import {
  AppBar,
  type AppBarProps,
  Confirm,
  LoadingIndicator,
  useLogout,
  UserMenu,
  useTranslate,
  useUserMenu,
} from 'react-admin';
import { useNavigate } from 'react-router-dom';
import { LanguageMenuButton } from '../components/LanguageMenuButton';
import { ScreenEntries } from '../pages/screen/ScreenEntries';
import { HORIZON_SHADOWS } from '../theme/theme';
import { Breadcrumb } from './Breadcrumb';
import { SettingsDrawer } from './SettingsDrawer';

interface UserMenuEntryProps {
  label: string;
  icon: ReactNode;
  onClick: () => void;
}

function UserMenuEntry({ label, icon, onClick }: UserMenuEntryProps) {
  const userMenu = useUserMenu();
  const translate = useTranslate();
  return (
    <MenuItem
      onClick={() => {
        userMenu?.onClose();
        onClick();
      }}
      sx={{ minWidth: 150 }}
    >
      <ListItemIcon>{icon}</ListItemIcon>
      <ListItemText>{translate(label)}</ListItemText>
    </MenuItem>
  );
}

/** Top bar: breadcrumb, language, loading indicator and the user menu of spec §2 "Shell". */
export function HorizonAppBar(props: AppBarProps) {
  const [settingsOpen, setSettingsOpen] = useState(false);
  const [confirmLogout, setConfirmLogout] = useState(false);
  const navigate = useNavigate();
  const logout = useLogout();

  return (
    <>
      <AppBar
        {...props}
        color="inherit"
        sx={{ bgcolor: 'background.paper', boxShadow: HORIZON_SHADOWS.appBar }}
        toolbar={
          <>
            <ScreenEntries />
            <LanguageMenuButton />
            <LoadingIndicator />
          </>
        }
        userMenu={
          <UserMenu>
            <UserMenuEntry label="app.navbar.layout_settings" icon={<DashboardCustomizeOutlined fontSize="small" />} onClick={() => setSettingsOpen(true)} />
            <UserMenuEntry label="app.navbar.home" icon={<HomeOutlined fontSize="small" />} onClick={() => navigate('/enter')} />
            <UserMenuEntry label="app.navbar.profile" icon={<PersonOutlined fontSize="small" />} onClick={() => navigate('/user/center')} />
            <UserMenuEntry label="app.navbar.logout" icon={<LogoutOutlined fontSize="small" />} onClick={() => setConfirmLogout(true)} />
          </UserMenu>
        }
      >
        <Breadcrumb />
      </AppBar>
      <SettingsDrawer open={settingsOpen} onClose={() => setSettingsOpen(false)} />
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
    </>
  );
}
