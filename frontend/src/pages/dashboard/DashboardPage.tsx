import { Alert, Box, Button, Stack, Typography } from '@mui/material';
import RefreshIcon from '@mui/icons-material/Refresh';
import { BigNumber, DashboardCard } from './DashboardCard';
import { QueueFigures, SourcesFigures } from './DashboardParts';
import { useDashboard } from './useDashboard';
import { type DashboardT, useDashboardText } from './useDashboardText';
import type { Dashboard } from './api';

type NumberKey = 'newsToday' | 'warnedToday' | 'translatedToday' | 'awaitingReview' | 'journalsInProgress';

/** The number cards and where each leads (docs/dashboard.md). */
export const NUMBER_CARDS: ReadonlyArray<{ key: NumberKey; to: string; dept: boolean }> = [
  { key: 'newsToday', to: '/pro/news?curMenu=all&sort=createDesc', dept: false },
  { key: 'warnedToday', to: '/yjList', dept: true },
  { key: 'translatedToday', to: '/productProcess-achieve', dept: true },
  { key: 'awaitingReview', to: '/pro/product?stage=review', dept: true },
  { key: 'journalsInProgress', to: '/productProcess-product?tab=journal', dept: false },
];

/** Why a figure is null: the department figures need a work department (when news are visible at all). */
const missingText = (data: Dashboard | undefined, dept: boolean, t: DashboardT) => (dept && data?.newsToday != null ? t('no_dept') : t('hidden'));

/**
 * 首页 (/home/dashboard, production-admin §2; the pinned first tag): today's figures of the caller,
 * each card a link to the list behind it. Asked again on every visit and every 60 s.
 */
export function DashboardPage() {
  const t = useDashboardText();
  const { data, loading, error, refresh } = useDashboard(t('failed'));
  const busy = loading && !error;
  return (
    <Stack spacing={2} sx={{ p: { xs: 1, md: 2 } }}>
      <Stack direction="row" spacing={2} sx={{ alignItems: 'center' }}>
        <Typography variant="h6" component="h1" sx={{ flex: 1 }}>
          {t('title')}
          {data && (
            <Typography component="span" variant="body2" color="text.secondary" sx={{ ml: 2 }}>
              {t('today', { day: data.day })}
            </Typography>
          )}
        </Typography>
        <Button size="small" startIcon={<RefreshIcon />} onClick={refresh}>
          {t('refresh')}
        </Button>
      </Stack>
      {error && (
        <Alert severity="error" data-testid="dashboard-error">
          {t('failed')}：{error}
        </Alert>
      )}
      {!(error && !data) && (
        <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: 'repeat(2, 1fr)', lg: 'repeat(4, 1fr)' } }}>
          {NUMBER_CARDS.map((c) => (
            <DashboardCard key={c.key} id={c.key} title={t(`cards.${c.key}`)} to={c.to} loading={busy}>
              <BigNumber value={data?.[c.key]} missing={missingText(data, c.dept, t)} hint={t(`hints.${c.key}`)} />
            </DashboardCard>
          ))}
          <DashboardCard id="sources" title={t('cards.sources')} to="/website" loading={busy}>
            <SourcesFigures sources={data?.sources} t={t} />
          </DashboardCard>
          <DashboardCard id="myQueue" title={t('cards.myQueue')} to={null} loading={busy}>
            <QueueFigures queue={data?.myQueue} t={t} />
          </DashboardCard>
        </Box>
      )}
    </Stack>
  );
}

export default DashboardPage;
