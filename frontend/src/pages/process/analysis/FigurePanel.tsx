import type { ReactNode } from 'react';
import { Box, Paper, Skeleton, Stack, Typography } from '@mui/material';

export interface FigurePanelProps {
  title: string;
  /** `共 n 条` beside the title once loaded. */
  subtitle?: string;
  loading: boolean;
  failed: boolean;
  empty: boolean;
  texts: { empty: string; failed: string };
  height: number;
  testId: string;
  children?: ReactNode;
}

/** One figure: title, then a skeleton while loading, the Chinese empty or failed state, or the chart. */
export function FigurePanel({ title, subtitle, loading, failed, empty, texts, height, testId, children }: FigurePanelProps) {
  return (
    <Paper variant="outlined" sx={{ p: 2, height: '100%' }} data-testid={testId} aria-busy={loading}>
      <Stack direction="row" spacing={1} sx={{ alignItems: 'baseline', mb: 1 }}>
        <Typography variant="subtitle1" component="h2" fontWeight={600} sx={{ flex: 1 }}>
          {title}
        </Typography>
        {subtitle && !loading && (
          <Typography variant="body2" color="text.secondary">
            {subtitle}
          </Typography>
        )}
      </Stack>
      {loading ? (
        <Skeleton variant="rounded" height={height} data-testid={`${testId}-loading`} />
      ) : failed || empty ? (
        <Box sx={{ height, display: 'flex', alignItems: 'center', justifyContent: 'center', color: 'text.secondary' }}>{failed ? texts.failed : texts.empty}</Box>
      ) : (
        children
      )}
    </Paper>
  );
}
