// The process shell's navigation: the links of the top bar, and the drawer that replaces them on a
// narrow window.
import { Box, Button, Divider, Drawer, List, ListItemButton, ListItemIcon, ListItemText, Stack, Typography } from '@mui/material';
import { alpha } from '@mui/material/styles';
import HomeOutlined from '@mui/icons-material/HomeOutlined';
import { useTranslate } from 'react-admin';
import { Link as RouterLink } from 'react-router-dom';
import { Logo } from '../../components/Logo';
import { horizon, HORIZON_SHADOWS, line } from '../../theme/theme';
import { LAUNCH_PATH, PROCESS_BAR_HEIGHT, PROCESS_NAV, type ProcessNavKey } from './processNav';

/** The top bar's links; the active one highlighted and underlined. */
export function ProcessBarLinks({ active, compact }: { active: ProcessNavKey | null; compact: boolean }) {
  const translate = useTranslate();
  return (
    <>
      {PROCESS_NAV.map((item) => {
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
              bgcolor: selected ? horizon('onPrimarySelected') : 'transparent',
              boxShadow: selected ? HORIZON_SHADOWS.processNavSelected : 'none',
              '&:hover': { bgcolor: horizon('onPrimaryHover'), opacity: 1 },
            }}
          >
            {translate(item.label)}
          </Button>
        );
      })}
    </>
  );
}

export interface ProcessNavDrawerProps {
  open: boolean;
  onClose: () => void;
  active: ProcessNavKey | null;
  systemName: string;
}

/** The navigation of a narrow window: the same links in a drawer, and 返回首页. */
export function ProcessNavDrawer({ open, onClose, active, systemName }: ProcessNavDrawerProps) {
  const translate = useTranslate();
  return (
    <Drawer open={open} onClose={onClose}>
      <Box sx={{ width: 240 }} role="presentation">
        <Stack direction="row" sx={{ alignItems: 'center', gap: 1.25, px: 2, height: PROCESS_BAR_HEIGHT, borderBottom: line() }}>
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
  );
}
