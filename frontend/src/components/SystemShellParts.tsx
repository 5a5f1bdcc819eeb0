// Parts of the headers of the collection and storage systems (数据采集 / 数据存储): their user entry
// and the loading state of a lazy page. The news-tracking bar uses the user entry too (ProcessUserMenu).
import { type MouseEvent, useState } from 'react';
import { Avatar, Box, ButtonBase, CircularProgress, Divider, ListItemIcon, ListItemText, Menu, MenuItem, Typography } from '@mui/material';
import ExpandMoreIcon from '@mui/icons-material/ExpandMore';
import HomeOutlined from '@mui/icons-material/HomeOutlined';
import LogoutOutlined from '@mui/icons-material/LogoutOutlined';
import PersonOutlined from '@mui/icons-material/PersonOutlined';
import { Confirm, useGetIdentity, useLogout } from 'react-admin';
import { useNavigate } from 'react-router-dom';
import { horizon } from '../theme/theme';

/** The menu's texts, from the system's own messages. */
export interface SystemUserMenuLabels {
  open: string;
  home: string;
  center: string;
  logout: string;
}

/** The loading state of a lazy page inside a system's shell. */
export function PageFallback() {
  return (
    <Box sx={{ display: 'flex', justifyContent: 'center', py: 12 }}>
      <CircularProgress size={32} />
    </Box>
  );
}

/** Avatar and name of the signed-in user (the name hidden on a compact bar). */
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
 * The user entry of a system's top bar: a dropdown with 首页 (`homePath`), 个人中心 (`centerPath`) and
 * 退出登录 when the platform settings allow it (confirmation 确定注销并退出系统吗？; on confirm the
 * session is revoked and the page reloads, landing on the login page). With `menuOnlyWithLogout`
 * and logout disabled it shows only who is signed in (the news-tracking bar, spec §2).
 */
export function SystemUserMenu({
  logoutEnabled,
  compact,
  labels,
  homePath = '/enter',
  centerPath = '/user/center',
  menuOnlyWithLogout = false,
  testId,
}: {
  logoutEnabled: boolean;
  compact: boolean;
  labels: SystemUserMenuLabels;
  homePath?: string;
  centerPath?: string;
  menuOnlyWithLogout?: boolean;
  testId?: string;
}) {
  const navigate = useNavigate();
  const logout = useLogout();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const [confirming, setConfirming] = useState(false);
  const [leaving, setLeaving] = useState(false);
  if (menuOnlyWithLogout && !logoutEnabled) {
    return (
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, px: 1 }} data-testid={testId}>
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
        aria-label={labels.open}
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
        <MenuItem onClick={() => go(homePath)}>
          <ListItemIcon>
            <HomeOutlined fontSize="small" />
          </ListItemIcon>
          <ListItemText>{labels.home}</ListItemText>
        </MenuItem>
        <MenuItem onClick={() => go(centerPath)}>
          <ListItemIcon>
            <PersonOutlined fontSize="small" />
          </ListItemIcon>
          <ListItemText>{labels.center}</ListItemText>
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
            <ListItemText>{labels.logout}</ListItemText>
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
