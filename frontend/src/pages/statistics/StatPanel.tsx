import type { ReactNode } from 'react';
import { Alert, Box, Paper, Skeleton, Stack, Typography } from '@mui/material';

export interface StatPanelProps {
  title: string;
  /** A figure beside the title (e.g. the total). */
  summary?: string;
  testId?: string;
  loading: boolean;
  error: string | null;
  empty: boolean;
  emptyText: string;
  height: number;
  children: ReactNode;
}

/** One chart's frame: its title, then a skeleton while loading, the error, the empty state or the chart. */
export function StatPanel({ title, summary, testId, loading, error, empty, emptyText, height, children }: StatPanelProps) {
  return (
    <Paper variant="outlined" sx={{ p: 2, height: '100%' }} data-testid={testId} aria-busy={loading}>
      <Stack direction="row" spacing={1} sx={{ alignItems: 'baseline', mb: 1 }}>
        <Typography variant="subtitle1" component="h2" fontWeight={600} sx={{ flex: 1 }}>
          {title}
        </Typography>
        {summary && !loading && !error && (
          <Typography variant="body2" color="text.secondary">
            {summary}
          </Typography>
        )}
      </Stack>
      {loading ? (
        <Skeleton variant="rounded" height={height} data-testid="stat-loading" />
      ) : error ? (
        <Alert severity="error">{error}</Alert>
      ) : empty ? (
        <Box sx={{ height, display: 'flex', alignItems: 'center', justifyContent: 'center', color: 'text.secondary' }}>{emptyText}</Box>
      ) : (
        children
      )}
    </Paper>
  );
}
