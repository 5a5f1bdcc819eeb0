import type { ReactNode } from 'react';
import { Box, CircularProgress, Stack, Typography } from '@mui/material';
import { clockText, SCREEN_COLORS } from './screenOptions';
import { useClock } from './useScreenData';

/** The dark full-window frame of a wall display: title, subtitle, the clock, and the content below. */
export function ScreenFrame({ title, subtitle, status, children }: { title: string; subtitle?: string; status?: string; children: ReactNode }) {
  const now = useClock();
  return (
    <Box
      component="main"
      data-testid="screen-frame"
      sx={{
        minHeight: '100vh',
        boxSizing: 'border-box',
        p: 3,
        display: 'flex',
        flexDirection: 'column',
        gap: 2,
        color: SCREEN_COLORS.text,
        background: `radial-gradient(ellipse at top, #0d2350 0%, ${SCREEN_COLORS.background} 70%)`,
      }}
    >
      <Stack direction="row" sx={{ alignItems: 'flex-end', borderBottom: `1px solid ${SCREEN_COLORS.border}`, pb: 1.5 }}>
        <Box sx={{ flex: 1, minWidth: 0 }}>
          <Typography component="h1" sx={{ fontSize: 34, fontWeight: 700, letterSpacing: 4, color: SCREEN_COLORS.accent }}>
            {title}
          </Typography>
          {subtitle && <Typography sx={{ color: SCREEN_COLORS.muted, fontSize: 15 }}>{subtitle}</Typography>}
        </Box>
        <Box sx={{ textAlign: 'right' }}>
          <Typography data-testid="screen-clock" sx={{ fontSize: 26, fontVariantNumeric: 'tabular-nums', fontWeight: 600 }}>
            {clockText(now)}
          </Typography>
          {status && <Typography sx={{ color: SCREEN_COLORS.muted, fontSize: 13 }}>{status}</Typography>}
        </Box>
      </Stack>
      {children}
    </Box>
  );
}

/** A framed panel of the wall. */
export function ScreenPanel({ title, children, grow = false, testId }: { title: string; children: ReactNode; grow?: boolean; testId?: string }) {
  return (
    <Box
      component="section"
      aria-label={title}
      data-testid={testId}
      sx={{
        bgcolor: SCREEN_COLORS.panel,
        border: `1px solid ${SCREEN_COLORS.border}`,
        borderRadius: 1,
        p: 2,
        display: 'flex',
        flexDirection: 'column',
        minWidth: 0,
        minHeight: 0,
        flex: grow ? 1 : undefined,
      }}
    >
      <Typography component="h2" sx={{ fontSize: 18, fontWeight: 600, mb: 1.5, pl: 1, borderLeft: `4px solid ${SCREEN_COLORS.accent}` }}>
        {title}
      </Typography>
      {children}
    </Box>
  );
}

/** The Chinese-first empty state of a panel. */
export function ScreenEmpty({ text }: { text: string }) {
  return <Typography sx={{ color: SCREEN_COLORS.muted, textAlign: 'center', py: 4, fontSize: 16 }}>{text}</Typography>;
}

export function ScreenLoading({ text }: { text: string }) {
  return (
    <Stack direction="row" spacing={2} sx={{ justifyContent: 'center', alignItems: 'center', py: 8, color: SCREEN_COLORS.muted }}>
      <CircularProgress size={28} sx={{ color: SCREEN_COLORS.accent }} />
      <Typography>{text}</Typography>
    </Stack>
  );
}
