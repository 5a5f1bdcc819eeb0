// The page before the journal is there: the skeleton while it loads, the error with 重试, and the
// notice for an address without a journal.
import { Alert, AlertTitle, Box, Button, Paper, Skeleton, Stack } from '@mui/material';
import { errorMessage } from '../../shared/hooks';
import { useWorkbenchText } from '../useWorkbenchText';

export function WorkbenchSkeleton() {
  const t = useWorkbenchText();
  return (
    <Box role="status" aria-label={t('page.loading')} aria-busy data-testid="workbench-skeleton">
      <Skeleton variant="text" width={320} height={36} />
      <Skeleton variant="rounded" height={40} sx={{ my: 1.5 }} />
      {[0, 1].map((block) => (
        <Paper key={block} variant="outlined" sx={{ p: 1.5, mb: 2 }}>
          <Skeleton variant="text" width={160} />
          <Stack spacing={0.75} sx={{ mt: 1 }}>
            {[0, 1, 2].map((row) => (
              <Skeleton key={row} variant="rectangular" height={28} />
            ))}
          </Stack>
        </Paper>
      ))}
    </Box>
  );
}

export function WorkbenchError({ error, onRetry }: { error: unknown; onRetry: () => void }) {
  const t = useWorkbenchText();
  return (
    <Alert
      severity="error"
      data-testid="workbench-error"
      action={
        <Button color="inherit" size="small" onClick={onRetry}>
          {t('page.retry')}
        </Button>
      }
    >
      <AlertTitle>{t('page.load_failed')}</AlertTitle>
      {errorMessage(error)}
    </Alert>
  );
}

export function WorkbenchMissing() {
  const t = useWorkbenchText();
  return <Alert severity="warning">{t('page.missing')}</Alert>;
}
