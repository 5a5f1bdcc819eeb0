import { Link as MuiLink, Stack, Typography } from '@mui/material';
import { Link } from 'react-router-dom';
import type { Dashboard } from './api';
import { BigNumber } from './DashboardCard';
import type { DashboardT } from './useDashboardText';

/** 数据源状态: total / enabled / failing, and the failing sources' names. */
export function SourcesFigures({ sources, t }: { sources: Dashboard['sources'] | undefined; t: DashboardT }) {
  if (!sources) return <BigNumber value={null} missing={t('hidden')} />;
  const figures = [
    { key: 'total', value: sources.total, color: 'text.primary' },
    { key: 'enabled', value: sources.enabled, color: 'primary' },
    { key: 'failing', value: sources.failing, color: sources.failing > 0 ? 'error' : 'text.primary' },
  ] as const;
  return (
    <Stack spacing={1}>
      <Stack direction="row" spacing={3}>
        {figures.map((f) => (
          <div key={f.key} data-testid={`dashboard-sources-${f.key}`}>
            <Typography variant="h4" component="p" fontWeight={600} color={f.color}>
              {f.value}
            </Typography>
            <Typography variant="caption" color="text.secondary">
              {t(`sources.${f.key}`)}
            </Typography>
          </div>
        ))}
      </Stack>
      <Typography variant="body2" color={sources.failing > 0 ? 'error' : 'text.secondary'} sx={{ overflowWrap: 'anywhere' }}>
        {sources.total === 0 ? t('sources.none') : sources.failing > 0 ? t('sources.failing_names', { names: sources.failingNames.join('、') }) : t('sources.all_ok')}
      </Typography>
    </Stack>
  );
}

/** 我的待办: the own translations in edit and, for reviewers, the department's items waiting for review; each a link. */
export function QueueFigures({ queue, t }: { queue: Dashboard['myQueue'] | undefined; t: DashboardT }) {
  const lines = [
    { key: 'translating', value: queue?.translating, to: '/productProcess-center?curMenu=trans' },
    { key: 'reviewing', value: queue?.reviewing, to: '/pro/product?stage=review' },
  ] as const;
  const shown = lines.filter((l) => l.value !== null && l.value !== undefined);
  if (!shown.length || shown.every((l) => l.value === 0))
    return (
      <Typography variant="body1" color="text.secondary" sx={{ py: 1.5 }} data-testid="dashboard-queue-empty">
        {t('queue.empty')}
      </Typography>
    );
  return (
    <Stack spacing={1}>
      {shown.map((l) => (
        <MuiLink key={l.key} component={Link} to={l.to} underline="hover" data-testid={`dashboard-queue-${l.key}`} sx={{ display: 'flex', alignItems: 'baseline', gap: 1 }}>
          <Typography variant="h4" component="span" fontWeight={600}>
            {l.value}
          </Typography>
          <Typography variant="body2" component="span">
            {t(`queue.${l.key}`)}
          </Typography>
        </MuiLink>
      ))}
    </Stack>
  );
}
