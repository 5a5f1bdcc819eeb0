import { type ReactNode, useEffect, useRef } from 'react';
import RefreshIcon from '@mui/icons-material/Refresh';
import { Alert, AlertTitle, Box, Button, Card, Chip, Skeleton, Tooltip, Typography } from '@mui/material';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useQueryErrorHandler } from '../shared/hooks';
import { type MtStatus, mtApi, mtKeys, STATUS_REFRESH_MS } from './api';
import { engineKey, queueKey } from './format';
import { type MtT, useMtText } from './useMtText';

const gridSx = {
  display: 'grid',
  gridTemplateColumns: { xs: 'repeat(2, minmax(0, 1fr))', sm: 'repeat(3, minmax(0, 1fr))', lg: 'repeat(6, minmax(0, 1fr))' },
  gap: 1.5,
} as const;

/** One figure of the card; a labelled group, so screen readers (and tests) read "排队中 3". */
function Stat({ label, children, hint }: { label: string; children: ReactNode; hint?: string }) {
  return (
    <Box role="group" aria-label={label} sx={{ minWidth: 0 }}>
      <Typography variant="caption" color="text.secondary" component="div">
        {label}
      </Typography>
      <Box sx={{ mt: 0.5, minHeight: 28, display: 'flex', alignItems: 'center', fontSize: 16, fontWeight: 600 }}>{children}</Box>
      {hint && (
        <Typography variant="caption" color="text.secondary" component="div">
          {hint}
        </Typography>
      )}
    </Box>
  );
}

const Count = ({ value, color }: { value: number; color?: string }) => (
  <Typography component="span" sx={{ fontSize: 22, fontWeight: 600, lineHeight: 1.2, color: value > 0 ? color : undefined }}>
    {value}
  </Typography>
);

function StatusFigures({ status, t }: { status: MtStatus; t: MtT }) {
  const key = engineKey(status);
  const engineName = key ? t(key) : status.engine;
  return (
    <>
      <Box sx={gridSx}>
        <Stat label={t('status.engine')}>
          {status.configured ? engineName : <Chip size="small" color="warning" variant="outlined" label={engineName} />}
        </Stat>
        <Stat label={t('status.auto')}>
          <Tooltip title={t('status.auto_hint')}>
            <Chip
              size="small"
              color={status.auto ? 'success' : 'default'}
              variant={status.auto ? 'filled' : 'outlined'}
              label={status.auto ? t('status.auto_on') : t('status.auto_off')}
            />
          </Tooltip>
        </Stat>
        <Stat label={t('status.queue')} hint={status.queue ? t('status.queued_jobs', { count: status.queued }) : undefined}>
          {t(queueKey(status.queue))}
        </Stat>
        <Stat label={t('status.pending')}>
          <Count value={status.pending} color="info.main" />
        </Stat>
        <Stat label={t('status.running')}>
          <Count value={status.running} color="primary.main" />
        </Stat>
        <Stat label={t('status.failed')}>
          <Count value={status.failed} color="error.main" />
        </Stat>
      </Box>
      {!status.configured && (
        <Alert severity="warning" sx={{ mt: 1.5 }}>
          <AlertTitle>{t('status.not_configured')}</AlertTitle>
          {t('status.not_configured_hint')}
        </Alert>
      )}
    </>
  );
}

function StatusSkeleton() {
  return (
    <Box sx={gridSx} aria-busy="true">
      {Array.from({ length: 6 }, (_, i) => (
        <Box key={i}>
          <Skeleton variant="text" width="50%" />
          <Skeleton variant="text" width="70%" height={32} />
        </Box>
      ))}
    </Box>
  );
}

/**
 * Engine and queue status (`GET api/mt/status`), refreshed every 10 s while the page is visible
 * (TanStack Query pauses the interval in a background tab) and on 刷新. A change of the failed count
 * reloads the failures table.
 */
export function MtStatusCard({ refreshMs = STATUS_REFRESH_MS }: { refreshMs?: number }) {
  const t = useMtText();
  const queryClient = useQueryClient();
  const { data, isPending, isFetching, error } = useQuery({
    queryKey: mtKeys.status,
    queryFn: mtApi.status,
    // stop polling after an error (reported once); 刷新 tries again
    refetchInterval: (query) => (query.state.status === 'error' ? false : refreshMs),
  });
  useQueryErrorHandler(error);

  const failed = data?.failed;
  const lastFailed = useRef<number | undefined>(undefined);
  useEffect(() => {
    if (failed === undefined) return;
    if (lastFailed.current !== undefined && lastFailed.current !== failed) {
      void queryClient.invalidateQueries({ queryKey: mtKeys.failuresAll });
    }
    lastFailed.current = failed;
  }, [failed, queryClient]);

  return (
    <Card sx={{ p: 1.5 }} aria-label={t('status.title')} component="section">
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, mb: 1.5, flexWrap: 'wrap' }}>
        <Typography variant="subtitle2" component="h2">
          {t('status.title')}
        </Typography>
        <Typography variant="caption" color="text.secondary">
          {t('status.auto_refresh')}
        </Typography>
        <Box sx={{ flex: 1 }} />
        <Button
          size="small"
          startIcon={<RefreshIcon />}
          disabled={isFetching}
          onClick={() => void queryClient.invalidateQueries({ queryKey: mtKeys.all })}
        >
          {t('status.refresh')}
        </Button>
      </Box>
      {data ? (
        <StatusFigures status={data} t={t} />
      ) : isPending && !error ? (
        <StatusSkeleton />
      ) : (
        <Typography variant="body2" color="error">
          {t('status.load_failed', { message: error instanceof Error ? error.message : '' })}
        </Typography>
      )}
    </Card>
  );
}
