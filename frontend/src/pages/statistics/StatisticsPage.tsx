import { Box, Stack, Tab, Tabs, Typography } from '@mui/material';
import { useSearchParams } from 'react-router-dom';
import { ManuscriptStatsTab } from './ManuscriptStatsTab';
import { ReportTab } from './ReportTab';
import { useStatisticsText } from './useStatisticsText';

const TABS = ['manuscripts', 'report'] as const;
type StatisticsTab = (typeof TABS)[number];

/**
 * 统计 (production-admin §4 "Statistics page"; /productProcess-statistic in the processing shell,
 * /product/statistic in the admin shell): tabs 稿件统计 (charts of a period) and 统计报告 (the
 * period report as xlsx and Word). The tab is kept in `?tab=` so a link or a reload keeps it.
 */
export function StatisticsPage() {
  const t = useStatisticsText();
  const [params, setParams] = useSearchParams();
  const tab: StatisticsTab = params.get('tab') === 'report' ? 'report' : 'manuscripts';
  return (
    <Stack spacing={2} sx={{ p: { xs: 1, md: 2 } }}>
      <Typography variant="h6" component="h1">
        {t('title')}
      </Typography>
      <Box sx={{ borderBottom: 1, borderColor: 'divider' }}>
        <Tabs
          value={tab}
          onChange={(_e, next: StatisticsTab) => {
            const nextParams = new URLSearchParams(params);
            if (next === 'manuscripts') nextParams.delete('tab');
            else nextParams.set('tab', next);
            setParams(nextParams, { replace: true });
          }}
        >
          {TABS.map((key) => (
            <Tab key={key} value={key} label={t(`tabs.${key}`)} />
          ))}
        </Tabs>
      </Box>
      {tab === 'manuscripts' ? <ManuscriptStatsTab /> : <ReportTab />}
    </Stack>
  );
}

export default StatisticsPage;
