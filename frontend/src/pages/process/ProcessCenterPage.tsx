import type { ComponentType } from 'react';
import { Avatar, Box, Card, Divider, List, ListItemButton, ListItemIcon, ListItemText, type SvgIconProps, Typography } from '@mui/material';
import { alpha } from '@mui/material/styles';
import PersonOutlined from '@mui/icons-material/PersonOutlined';
import ShareOutlined from '@mui/icons-material/ShareOutlined';
import StarBorderOutlined from '@mui/icons-material/StarBorderOutlined';
import TranslateOutlined from '@mui/icons-material/TranslateOutlined';
import VisibilityOutlined from '@mui/icons-material/VisibilityOutlined';
import { useGetIdentity, usePermissions, useTranslate } from 'react-admin';
import { Link as RouterLink, useSearchParams } from 'react-router-dom';
import type { HorizonIdentity } from '../../providers/authProvider';
import { canAny } from '../../providers/permissions';
import { CenterSection } from './CenterSection';
import { CENTER_MENUS, type CenterMenu, centerMenuOf, centerPath } from './processNav';

const ICONS: Record<CenterMenu, ComponentType<SvgIconProps>> = {
  myFollow: VisibilityOutlined,
  trans: TranslateOutlined,
  collect: StarBorderOutlined,
  share: ShareOutlined,
  user: PersonOutlined,
};

/** /productProcess-center: the personal centre, a left menu driven by `curMenu` in the query. */
export function ProcessCenterPage() {
  const translate = useTranslate();
  const [searchParams] = useSearchParams();
  const { identity } = useGetIdentity();
  const { permissions } = usePermissions<string[]>();
  const roles = Array.isArray(permissions) ? permissions : [];
  const menus = CENTER_MENUS.filter((item) => !item.permissions || canAny(roles, item.permissions));
  const requested = centerMenuOf(searchParams);
  const current = menus.some((item) => item.key === requested) ? requested : 'myFollow';
  const user = (identity as HorizonIdentity | undefined)?.user;

  return (
    <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', md: '220px minmax(0, 1fr)' }, alignItems: 'start' }}>
      <Card component="aside" sx={{ position: { md: 'sticky' }, top: { md: 72 } }}>
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 1.5, px: 2, py: 2 }}>
          <Avatar src={identity?.avatar} alt={identity?.fullName} sx={{ width: 44, height: 44, bgcolor: 'primary.main' }}>
            {identity?.fullName?.slice(0, 1)}
          </Avatar>
          <Box sx={{ minWidth: 0 }}>
            <Typography sx={{ fontWeight: 600 }} noWrap>
              {identity?.fullName ?? ' '}
            </Typography>
            <Typography variant="body2" color="text.secondary" noWrap>
              {user?.dept?.name ?? translate('app.process.center.title')}
            </Typography>
          </Box>
        </Box>
        <Divider />
        <List component="nav" aria-label={translate('app.process.center.title')} sx={{ py: 1 }}>
          {menus.map((item) => {
            const Icon = ICONS[item.key];
            const selected = item.key === current;
            return (
              <ListItemButton
                key={item.key}
                component={RouterLink}
                to={centerPath(item.key)}
                selected={selected}
                aria-current={selected ? 'page' : undefined}
                sx={(theme) => ({
                  mx: 1,
                  borderRadius: 1,
                  '&.Mui-selected, &.Mui-selected:hover': { color: 'primary.main', bgcolor: alpha(theme.palette.primary.main, 0.1) },
                  '&.Mui-selected .MuiListItemIcon-root': { color: 'primary.main' },
                })}
              >
                <ListItemIcon sx={{ minWidth: 36 }}>
                  <Icon fontSize="small" />
                </ListItemIcon>
                <ListItemText primary={translate(item.label)} slotProps={{ primary: { sx: { fontWeight: selected ? 600 : 400 } } }} />
              </ListItemButton>
            );
          })}
        </List>
      </Card>
      <Box sx={{ minWidth: 0 }}>
        <CenterSection curMenu={current} />
      </Box>
    </Box>
  );
}
