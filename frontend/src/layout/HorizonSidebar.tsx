import { useEffect, useRef, useState } from 'react';
import { Box, Drawer, useMediaQuery } from '@mui/material';
import { type SidebarProps, useLocation, useSidebarState } from 'react-admin';
import { SIDEBAR } from '../theme/theme';

/** Spec §9: mobile mode under 992 px. */
export const MOBILE_QUERY = '(max-width:991.98px)';
const APP_BAR_HEIGHT = 48;

export function useIsMobile(): boolean {
  return useMediaQuery(MOBILE_QUERY, { noSsr: true });
}

/**
 * Dark sidebar. Desktop: docked, collapsible to icons, open state remembered (react-admin store,
 * kept across logouts). Mobile: a temporary drawer of its own (so it never overwrites the desktop
 * state), toggled by the app bar button and closed on navigation.
 */
export function HorizonSidebar({ children, appBarAlwaysOn }: SidebarProps) {
  const isMobile = useIsMobile();
  const [open, setOpen] = useSidebarState();
  const [drawerOpen, setDrawerOpen] = useState(false);
  const { pathname } = useLocation();

  // The app bar button flips the stored state. In mobile mode a flip toggles the drawer instead,
  // and the stored (desktop) state is put back.
  const lastOpen = useRef(open);
  useEffect(() => {
    if (lastOpen.current === open) return;
    if (!isMobile) {
      lastOpen.current = open;
      return;
    }
    setDrawerOpen((shown) => !shown);
    setOpen(lastOpen.current);
  }, [open, isMobile, setOpen]);

  useEffect(() => setDrawerOpen(false), [pathname, isMobile]);

  if (isMobile) {
    return (
      <Drawer
        variant="temporary"
        open={drawerOpen}
        onClose={() => setDrawerOpen(false)}
        slotProps={{ paper: { sx: { width: SIDEBAR.width, bgcolor: SIDEBAR.background } } }}
      >
        {children}
      </Drawer>
    );
  }

  const top = appBarAlwaysOn ? APP_BAR_HEIGHT : 0;
  return (
    <Box
      component="aside"
      sx={{
        width: open ? SIDEBAR.width : SIDEBAR.closedWidth,
        flexShrink: 0,
        bgcolor: SIDEBAR.background,
        transition: (theme) => theme.transitions.create('width'),
      }}
    >
      <Box
        sx={{
          position: 'sticky',
          top,
          height: `calc(100vh - ${APP_BAR_HEIGHT}px)`,
          overflowX: 'hidden',
          overflowY: 'auto',
          scrollbarWidth: 'thin',
        }}
      >
        {children}
      </Box>
    </Box>
  );
}
