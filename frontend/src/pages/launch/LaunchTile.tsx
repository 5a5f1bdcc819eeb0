// A tile of the launch page: the system's icon in its colour, its name and a hint.
import type { ComponentType } from 'react';
import { Box, Card, CardActionArea, CircularProgress, Typography } from '@mui/material';
import type { SvgIconProps } from '@mui/material';
import { HORIZON_SHADOWS, line } from '../../theme/theme';

export interface LaunchTileProps {
  icon: ComponentType<SvgIconProps>;
  /** A `#rrggbb` colour (its 10% tint fills the icon's square). */
  color: string;
  title: string;
  hint: string;
  busy: boolean;
  disabled: boolean;
  onOpen: () => void;
}

export function LaunchTile({ icon: Icon, color, title, hint, busy, disabled, onOpen }: LaunchTileProps) {
  return (
    <Card elevation={0} sx={{ borderRadius: 2, border: line('borderLight'), transition: 'all .2s', '&:hover': { transform: 'translateY(-3px)', boxShadow: HORIZON_SHADOWS.cardHover, borderColor: color } }}>
      <CardActionArea onClick={onOpen} disabled={disabled} sx={{ p: 3, display: 'flex', alignItems: 'center', justifyContent: 'flex-start', gap: 2.5, minHeight: 128 }}>
        <Box sx={{ width: 64, height: 64, borderRadius: 2, bgcolor: `${color}1a`, color, display: 'flex', alignItems: 'center', justifyContent: 'center', flexShrink: 0 }}>
          {busy ? <CircularProgress size={28} sx={{ color }} /> : <Icon sx={{ fontSize: 36 }} />}
        </Box>
        <Box sx={{ minWidth: 0 }}>
          <Typography variant="h6" component="h2" sx={{ fontWeight: 600 }}>
            {title}
          </Typography>
          <Typography variant="body2" color="text.secondary">
            {hint}
          </Typography>
        </Box>
      </CardActionArea>
    </Card>
  );
}
