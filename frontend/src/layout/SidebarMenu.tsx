import { type ReactElement, useEffect, useMemo, useState } from 'react';
import { Box, Collapse, List, ListItemButton, ListItemIcon, ListItemText, Skeleton, Tooltip, Typography } from '@mui/material';
import ExpandLess from '@mui/icons-material/ExpandLess';
import ExpandMore from '@mui/icons-material/ExpandMore';
import { useLocation, useSidebarState, useTranslate } from 'react-admin';
import { Link } from 'react-router-dom';
import { SIDEBAR } from '../theme/theme';
import { menuIcon } from './menuIcons';
import { findTrail, type NavItem, toggleGroup } from './menuTree';
import { useIsMobile } from './HorizonSidebar';
import { SidebarLogo } from './SidebarLogo';
import { useMenus } from './useMenus';
import { useSettings } from './useSettings';

/** Titles of 9 characters or more get a tooltip (spec §2 Shell). */
export const TOOLTIP_MIN_LENGTH = 9;

const INDENT = 2.5;

function WithTooltip({ title, show, children }: { title: string; show: boolean; children: ReactElement }) {
  return show ? (
    <Tooltip title={title} placement="right" enterDelay={400}>
      {children}
    </Tooltip>
  ) : (
    children
  );
}

const itemSx = (depth: number, active: boolean, open: boolean) => ({
  minHeight: 50,
  pl: open ? 2 + depth * INDENT : 2,
  color: active ? 'primary.main' : SIDEBAR.text,
  backgroundColor: depth > 0 ? SIDEBAR.nestedBackground : 'transparent',
  '&:hover': { backgroundColor: SIDEBAR.hoverBackground },
  '& .MuiListItemIcon-root': { color: 'inherit', minWidth: 34 },
  '&.Mui-selected, &.Mui-selected:hover': { backgroundColor: SIDEBAR.hoverBackground },
});

interface EntryProps {
  item: NavItem;
  depth: number;
  ancestors: string[];
  activeKeys: string[];
  openKeys: string[];
  onToggle: (key: string, ancestors: string[], forceOpen?: boolean) => void;
}

/** Labels show in the open desktop sidebar and always in the mobile drawer. */
function useExpandedSidebar(): [boolean, (open: boolean) => void] {
  const [open, setOpen] = useSidebarState();
  return [useIsMobile() || open, setOpen];
}

function MenuEntry({ item, depth, ancestors, activeKeys, openKeys, onToggle }: EntryProps) {
  const [sidebarOpen, setSidebarOpen] = useExpandedSidebar();
  const Icon = menuIcon(item.icon);
  const active = activeKeys.includes(item.key);
  const tooltip = !sidebarOpen || item.title.length >= TOOLTIP_MIN_LENGTH;
  const label = (
    <ListItemText
      primary={item.title}
      slotProps={{ primary: { noWrap: true, fontSize: 14 } }}
      sx={{ opacity: sidebarOpen ? 1 : 0, transition: 'opacity .2s' }}
    />
  );

  if (item.children) {
    const expanded = sidebarOpen && openKeys.includes(item.key);
    return (
      <>
        <WithTooltip title={item.title} show={tooltip}>
          <ListItemButton
            sx={{ ...itemSx(depth, false, sidebarOpen), color: active ? 'common.white' : SIDEBAR.text }}
            onClick={() => {
              // In the collapsed sidebar a group click opens the sidebar on that group.
              if (!sidebarOpen) setSidebarOpen(true);
              onToggle(item.key, ancestors, !sidebarOpen);
            }}
            aria-expanded={expanded}
          >
            <ListItemIcon>
              <Icon fontSize="small" />
            </ListItemIcon>
            {label}
            {sidebarOpen && (expanded ? <ExpandLess fontSize="small" /> : <ExpandMore fontSize="small" />)}
          </ListItemButton>
        </WithTooltip>
        <Collapse in={expanded} timeout="auto" unmountOnExit>
          <List disablePadding>
            {item.children.map((child) => (
              <MenuEntry
                key={child.key}
                item={child}
                depth={depth + 1}
                ancestors={[...ancestors, item.key]}
                activeKeys={activeKeys}
                openKeys={openKeys}
                onToggle={onToggle}
              />
            ))}
          </List>
        </Collapse>
      </>
    );
  }

  const content = (
    <>
      <ListItemIcon>
        <Icon fontSize="small" />
      </ListItemIcon>
      {label}
    </>
  );
  return (
    <WithTooltip title={item.title} show={tooltip}>
      {item.external ? (
        <ListItemButton component="a" href={item.path} target="_blank" rel="noopener noreferrer" sx={itemSx(depth, false, sidebarOpen)}>
          {content}
        </ListItemButton>
      ) : (
        <ListItemButton component={Link} to={item.path} selected={active} sx={itemSx(depth, active, sidebarOpen)}>
          {content}
        </ListItemButton>
      )}
    </WithTooltip>
  );
}

/** Sidebar menu built from `api/menus/build`, filtered to the current module. */
export function SidebarMenu() {
  const { items, isPending, error } = useMenus();
  const { settings } = useSettings();
  const translate = useTranslate();
  const { pathname } = useLocation();
  const [sidebarOpen] = useExpandedSidebar();

  const activeKeys = useMemo(() => findTrail(items, pathname).map((item) => item.key), [items, pathname]);
  const [openKeys, setOpenKeys] = useState<string[]>([]);

  // Open the groups leading to the current page.
  useEffect(() => {
    const groups = activeKeys.slice(0, -1);
    if (groups.length === 0) return;
    setOpenKeys((keys) => (groups.every((key) => keys.includes(key)) ? keys : settings.uniqueOpened ? groups : [...new Set([...keys, ...groups])]));
  }, [activeKeys, settings.uniqueOpened]);

  const onToggle = (key: string, ancestors: string[], forceOpen = false) =>
    setOpenKeys((keys) =>
      forceOpen && keys.includes(key) ? keys : toggleGroup(keys, key, ancestors, settings.uniqueOpened),
    );

  return (
    <Box component="nav" sx={{ width: '100%' }} aria-label={translate('app.title')}>
      {settings.sidebarLogo && <SidebarLogo collapsed={!sidebarOpen} />}
      {isPending ? (
        <Box sx={{ px: 2, py: 1 }}>
          {[0, 1, 2, 3].map((i) => (
            <Skeleton key={i} variant="text" height={40} sx={{ bgcolor: SIDEBAR.hoverBackground }} />
          ))}
        </Box>
      ) : items.length === 0 ? (
        <Typography variant="body2" sx={{ color: SIDEBAR.text, p: 2, textAlign: 'center', opacity: sidebarOpen ? 1 : 0 }}>
          {translate(error ? 'app.menu.load_failed' : 'app.menu.empty')}
        </Typography>
      ) : (
        <List disablePadding>
          {items.map((item) => (
            <MenuEntry
              key={item.key}
              item={item}
              depth={0}
              ancestors={[]}
              activeKeys={activeKeys}
              openKeys={openKeys}
              onToggle={onToggle}
            />
          ))}
        </List>
      )}
    </Box>
  );
}
