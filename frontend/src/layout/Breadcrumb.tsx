import { useEffect } from 'react';
import { Breadcrumbs, type Theme, Typography, useMediaQuery } from '@mui/material';
import { useLocation, useTranslate } from 'react-admin';
import { Link } from 'react-router-dom';
import { routeTitle } from './routeTitle';
import { useMenus } from './useMenus';

/** Home / group / page, from the menu tree. */
export function Breadcrumb() {
  const { pathname } = useLocation();
  const { allItems } = useMenus();
  const translate = useTranslate();
  const { trail, title } = routeTitle(pathname, allItems, translate);
  // phones: only the page title, the full trail does not fit beside the user menu
  const compact = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'), { noSsr: true });
  const groups = trail.slice(0, -1);
  const appTitle = translate('app.title');

  useEffect(() => {
    document.title = `${title} - ${appTitle}`;
    return () => {
      document.title = appTitle;
    };
  }, [title, appTitle]);

  if (compact) {
    return (
      <Typography noWrap sx={{ flex: 1, minWidth: 0, fontSize: 15, fontWeight: 500, ml: 1 }}>
        {title}
      </Typography>
    );
  }

  return (
    <Breadcrumbs aria-label="breadcrumb" sx={{ flex: 1, minWidth: 0, fontSize: 14, ml: 1 }} maxItems={4}>
      <Typography component={Link} to="/enter" sx={{ color: 'text.secondary', textDecoration: 'none', fontSize: 14, '&:hover': { color: 'primary.main' } }}>
        {translate('app.pages.home')}
      </Typography>
      {groups.map((group) => (
        <Typography key={group.key} sx={{ color: 'text.secondary', fontSize: 14 }}>
          {group.title}
        </Typography>
      ))}
      <Typography noWrap sx={{ color: 'text.primary', fontSize: 14 }}>
        {title}
      </Typography>
    </Breadcrumbs>
  );
}
