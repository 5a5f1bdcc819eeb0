import { Box, Typography } from '@mui/material';
import { Link } from 'react-router-dom';
import { useTranslate } from 'react-admin';
import { Logo } from '../components/Logo';
import { SIDEBAR } from '../theme/theme';

/** Logo block at the top of the sidebar ("show logo" setting); links to the launch page. */
export function SidebarLogo({ collapsed }: { collapsed: boolean }) {
  const translate = useTranslate();
  return (
    <Box
      component={Link}
      to="/enter"
      sx={{
        display: 'flex',
        alignItems: 'center',
        justifyContent: collapsed ? 'center' : 'flex-start',
        gap: 1.25,
        height: 50,
        px: collapsed ? 0 : 2,
        bgcolor: SIDEBAR.logoBackground,
        color: 'common.white',
        textDecoration: 'none',
        overflow: 'hidden',
      }}
    >
      <Logo size={28} />
      {!collapsed && (
        <Typography noWrap sx={{ fontWeight: 600, fontSize: 15, color: 'common.white' }}>
          {translate('app.title')}
        </Typography>
      )}
    </Box>
  );
}
