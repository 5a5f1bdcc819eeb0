import { type MouseEvent, useState } from 'react';
import { Avatar, Box, ButtonBase, Divider, ListItemIcon, ListItemText, Menu, MenuItem, Typography } from '@mui/material';
import ExpandMoreIcon from '@mui/icons-material/ExpandMore';
import HomeOutlined from '@mui/icons-material/HomeOutlined';
import LogoutOutlined from '@mui/icons-material/LogoutOutlined';
import PersonOutlined from '@mui/icons-material/PersonOutlined';
import { Confirm, useGetIdentity, useLogout, useTranslate } from 'react-admin';
import { useNavigate } from 'react-router-dom';
import { horizon } from '../../theme/theme';
import { centerPath } from './processNav';

/** Avatar and name of the signed-in user; a button opening the menu when `withMenu`. */
function Who({ compact }: { compact: boolean }) {
  const { identity } = useGetIdentity();
  const name = identity?.fullName ?? '';
  return (
    <>
      <Avatar src={identity?.avatar} alt={name} sx={{ width: 30, height: 30, fontSize: 14, bgcolor: horizon('onPrimaryAvatar'), color: 'common.white' }}>
        {name.slice(0, 1)}
      </Avatar>
      {!compact && (
        <Typography variant="body2" noWrap sx={{ maxWidth: 120, color: 'inherit' }}>
          {name}
        </Typography>
      )}
    </>
  );
}

/**
 * The top bar's user entry (news-tracking spec §2): with logout enabled by the platform settings, a
 * dropdown with 首页, 个人中心 and 退出登录 (confirmation 确定注销并退出系统吗？; on confirm the
 * session is revoked and the page reloads, landing on the login page). Otherwise only who is signed in.
 */
export function ProcessUserMenu({ logoutEnabled, compact = false }: { logoutEnabled: boolean; compact?: boolean }) {
  const translate = useTranslate();
  const navigate = useNavigate();
  const logout = useLogout();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const [confirming, setConfirming] = useState(false);
  const [leaving, setLeaving] = useState(false);

  if (!logoutEnabled) {
    return (
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, px: 1 }} data-testid="process-user">
        <Who compact={compact} />
      </Box>
    );
  }

  const go = (path: string) => {
    setAnchor(null);
    navigate(path);
  };

  const confirmLogout = async () => {
    setLeaving(true);
    try {
      // Revoke the session and clear react-admin's caches without navigating, then reload: the
      // fresh page finds no session and the router sends it to the login page (with redirect).
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
        aria-label={translate('app.process.user_menu')}
        sx={{ display: 'flex', alignItems: 'center', gap: 1, px: 1, py: 0.5, borderRadius: 1, color: 'inherit', '&:hover': { bgcolor: horizon('onPrimaryHover') } }}
      >
        <Who compact={compact} />
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
        <MenuItem onClick={() => go('/productProcess-home')}>
          <ListItemIcon>
            <HomeOutlined fontSize="small" />
          </ListItemIcon>
          <ListItemText>{translate('app.process.nav.home')}</ListItemText>
        </MenuItem>
        <MenuItem onClick={() => go(centerPath('user'))}>
          <ListItemIcon>
            <PersonOutlined fontSize="small" />
          </ListItemIcon>
          <ListItemText>{translate('app.process.nav.center')}</ListItemText>
        </MenuItem>
        <Divider />
        <MenuItem
          onClick={() => {
            setAnchor(null);
            setConfirming(true);
          }}
        >
          <ListItemIcon>
            <LogoutOutlined fontSize="small" />
          </ListItemIcon>
          <ListItemText>{translate('app.navbar.logout')}</ListItemText>
        </MenuItem>
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
