import { type MouseEvent, useEffect, useReducer, useState } from 'react';
import { Box, Chip, Menu, MenuItem } from '@mui/material';
import { useLocation, usePermissions, useRefresh, useTranslate } from 'react-admin';
import { canAccess } from '../providers/permissions';
import { useNavigate } from 'react-router-dom';
import { HORIZON_SHADOWS, line } from '../theme/theme';
import { routeTitle } from './routeTitle';
import { loadTags, pathAfterClose, PINNED_PATH, saveTags, tagsReducer, type TagView, withPinned } from './tagsReducer';
import { useMenus } from './useMenus';

/** Spec §2: the right-click menu is 105 px wide. */
export const CONTEXT_MENU_WIDTH = 105;
const HOME_PATH = '/enter';

/** Paths that are helpers, not views. */
const isView = (path: string) => !path.startsWith('/redirect');

/** Tag bar of visited views with refresh / close / close others / close all (spec §2 "Shell"). */
export function TagsView({ sticky }: { sticky: boolean }) {
  const translate = useTranslate();
  const navigate = useNavigate();
  const refresh = useRefresh();
  const { pathname } = useLocation();
  const { allItems } = useMenus();
  const [views, dispatch] = useReducer(tagsReducer, undefined, () => withPinned(loadTags(), { path: PINNED_PATH, title: translate('app.pages.home') }));
  const [menu, setMenu] = useState<{ view: TagView; x: number; y: number } | null>(null);

  const { permissions } = usePermissions<string[]>();
  const { title, known, resource } = routeTitle(pathname, allItems, translate);
  // a screen outside the user's menu gets a tag only if they may open it (else it ends on /401)
  const allowed = known && (!resource || (Array.isArray(permissions) && canAccess(permissions, resource, 'list')));
  useEffect(() => {
    if (allowed && isView(pathname)) dispatch({ type: 'add', view: { path: pathname, title } });
  }, [pathname, title, allowed]);

  // Tags restored from the session may carry a fallback title from before the menus loaded.
  useEffect(() => {
    if (allItems.length === 0) return;
    const titles: Record<string, string> = {};
    for (const view of views) {
      const found = routeTitle(view.path, allItems, translate);
      if (found.known) titles[view.path] = found.title;
    }
    dispatch({ type: 'retitle', titles });
  }, [allItems, translate, views]);

  useEffect(() => saveTags(views), [views]);

  const goAfter = (remaining: TagView[]) => {
    const next = pathAfterClose(remaining, pathname, HOME_PATH);
    if (next) navigate(next);
  };

  const close = (view: TagView) => {
    const remaining = tagsReducer(views, { type: 'close', path: view.path });
    dispatch({ type: 'close', path: view.path });
    goAfter(remaining);
  };

  const actions = {
    refresh: (view: TagView) => {
      if (view.path === pathname) {
        navigate(`/redirect${view.path}`, { replace: true });
        refresh();
      } else {
        navigate(view.path);
      }
    },
    close,
    closeOthers: (view: TagView) => {
      dispatch({ type: 'closeOthers', path: view.path });
      if (view.path !== pathname) navigate(view.path);
    },
    closeAll: () => {
      const remaining = tagsReducer(views, { type: 'closeAll' });
      dispatch({ type: 'closeAll' });
      goAfter(remaining);
    },
  };

  const openMenu = (event: MouseEvent, view: TagView) => {
    event.preventDefault();
    setMenu({ view, x: event.clientX, y: event.clientY });
  };

  const runAndClose = (action: (view: TagView) => void) => {
    if (menu) action(menu.view);
    setMenu(null);
  };

  return (
    <Box
      component="nav"
      aria-label="tags"
      sx={{
        display: 'flex',
        gap: 0.75,
        alignItems: 'center',
        height: 34,
        px: 1,
        mx: -1,
        bgcolor: 'background.paper',
        borderBottom: line('tagsBorder'),
        boxShadow: HORIZON_SHADOWS.tagsBar,
        overflowX: 'auto',
        whiteSpace: 'nowrap',
        position: sticky ? 'sticky' : 'static',
        top: 48,
        zIndex: 3,
      }}
    >
      {views.map((view) => {
        const active = view.path === pathname;
        return (
          <Chip
            key={view.path}
            label={view.title}
            size="small"
            color={active ? 'primary' : 'default'}
            variant={active ? 'filled' : 'outlined'}
            onClick={() => navigate(view.path)}
            onDelete={view.affix ? undefined : () => close(view)}
            onContextMenu={(event) => openMenu(event, view)}
            sx={{ borderRadius: 0.5, height: 26, fontSize: 12, bgcolor: active ? undefined : 'common.white' }}
          />
        );
      })}
      <Menu
        open={menu !== null}
        onClose={() => setMenu(null)}
        anchorReference="anchorPosition"
        anchorPosition={menu ? { top: menu.y, left: menu.x } : undefined}
        slotProps={{ paper: { sx: { width: CONTEXT_MENU_WIDTH } }, list: { dense: true } }}
      >
        <MenuItem onClick={() => runAndClose(actions.refresh)}>{translate('app.tags.refresh')}</MenuItem>
        {!menu?.view.affix && <MenuItem onClick={() => runAndClose(actions.close)}>{translate('app.tags.close')}</MenuItem>}
        <MenuItem onClick={() => runAndClose(actions.closeOthers)}>{translate('app.tags.close_others')}</MenuItem>
        <MenuItem onClick={() => runAndClose(actions.closeAll)}>{translate('app.tags.close_all')}</MenuItem>
      </Menu>
    </Box>
  );
}
