// Small parts of the detail page.
import type { ReactNode } from 'react';
import DescriptionOutlined from '@mui/icons-material/DescriptionOutlined';
import { Box, Button, Chip, Paper, Skeleton, Typography } from '@mui/material';
import { Link as RouterLink } from 'react-router-dom';
import { horizon, line } from '../../../theme/theme';

export function Card({ title, action, children }: { title: string; action?: ReactNode; children: ReactNode }) {
  return (
    <Paper variant="outlined" sx={{ borderRadius: 1, overflow: 'hidden' }}>
      <Box sx={{ display: 'flex', alignItems: 'center', px: 2, py: 1.25, borderBottom: line() }}>
        <Typography sx={{ fontSize: 14, fontWeight: 600, color: 'text.primary', flex: 1 }}>{title}</Typography>
        {action}
      </Box>
      <Box sx={{ px: 2, py: 1.5 }}>{children}</Box>
    </Paper>
  );
}

export function Tags({ names, empty, tone }: { names: string[]; empty: string; tone: 'classify' | 'keyword' }) {
  if (!names.length)
    return (
      <Typography variant="body2" color="text.disabled">
        {empty}
      </Typography>
    );
  const sx =
    tone === 'classify'
      ? { bgcolor: horizon('brandLight'), color: horizon('brand'), border: line('brandBorder') }
      : { bgcolor: horizon('infoLight'), color: 'text.secondary', border: line('infoBorder') };
  return (
    <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 0.75 }}>
      {names.map((n) => (
        <Chip key={n} size="small" label={n} sx={{ ...sx, borderRadius: 1, fontSize: 12.5 }} />
      ))}
    </Box>
  );
}

export function DetailSkeleton() {
  return (
    <Box sx={{ maxWidth: 1280, mx: 'auto', p: 1.5 }}>
      <Paper variant="outlined" sx={{ p: 2.5, mb: 1.5 }}>
        <Skeleton variant="text" width="30%" />
        <Skeleton variant="text" width="80%" sx={{ fontSize: 24 }} />
        <Skeleton variant="text" width="60%" />
        <Skeleton variant="text" width="50%" />
      </Paper>
      <Paper variant="outlined" sx={{ p: 2.5 }}>
        {Array.from({ length: 10 }, (_, i) => (
          <Skeleton key={i} variant="text" width={`${85 + ((i * 7) % 15)}%`} sx={{ fontSize: 15 }} />
        ))}
      </Paper>
    </Box>
  );
}

/** No such item (or a malformed id): the reason and the way back to the list. */
export function DetailMissing({ message, backLabel }: { message: string; backLabel: string }) {
  return (
    <Box sx={{ maxWidth: 720, mx: 'auto', py: 10, textAlign: 'center' }} data-testid="news-detail-missing">
      <DescriptionOutlined sx={{ fontSize: 64, color: horizon('textPlaceholder') }} />
      <Typography sx={{ mt: 1.5, fontSize: 16, color: 'text.secondary' }}>{message}</Typography>
      <Button component={RouterLink} to="/pro/news" variant="outlined" sx={{ mt: 3 }}>
        {backLabel}
      </Button>
    </Box>
  );
}
