import { useMemo } from 'react';
import { Grid, IconButton, Stack, ToggleButton, ToggleButtonGroup, Tooltip } from '@mui/material';
import RefreshIcon from '@mui/icons-material/Refresh';
import { EChart } from '../../components/charts/EChart';
import type { ManuscriptGroup } from './api';
import { PeriodPicker } from './PeriodPicker';
import { ProductSelect } from './ProductSelect';
import { StatPanel } from './StatPanel';
import { journalsOption, manuscriptsOption, throughputOption } from './statisticsOptions';
import { ThroughputTable } from './ThroughputTable';
import { queryError, useStatistics } from './useStatistics';
import { useStatisticsText } from './useStatisticsText';

/** 稿件统计: the period and product filters, then manuscripts per product, translation throughput and journals per status. */
export function ManuscriptStatsTab() {
  const t = useStatisticsText();
  const s = useStatistics();
  const m = s.manuscripts.data;
  const tr = s.translations.data;
  const j = s.journals.data;
  const options = useMemo(
    () => ({
      manuscripts: m && manuscriptsOption(m, t('others')),
      throughput: tr && throughputOption(tr.people, { claimed: t('translations.claimed'), submitted: t('translations.submitted'), reviewed: t('translations.reviewed') }, t('translations.none')),
      journals: j && journalsOption(j, { edit: t('journals.edit'), submit: t('journals.submit'), done: t('journals.done'), review: t('journals.review') }),
    }),
    [m, tr, j, t],
  );
  const loading = (q: { isPending: boolean; isFetching: boolean }) => s.valid && q.isPending;

  return (
    <Stack spacing={2}>
      <Stack direction="row" spacing={1} useFlexGap sx={{ alignItems: 'flex-start', flexWrap: 'wrap' }}>
        <PeriodPicker value={s.period} onChange={s.setPeriod} />
        <ProductSelect value={s.productId} onChange={s.setProductId} allowAll />
        <ToggleButtonGroup size="small" exclusive value={s.by} onChange={(_e, v: ManuscriptGroup | null) => v && s.setBy(v)} aria-label={t('group.label')} sx={{ height: 40 }}>
          <ToggleButton value="dept">{t('group.dept')}</ToggleButton>
          <ToggleButton value="column">{t('group.column')}</ToggleButton>
        </ToggleButtonGroup>
        <Tooltip title={t('refresh')}>
          <span>
            <IconButton aria-label={t('refresh')} onClick={s.refresh} disabled={!s.valid}>
              <RefreshIcon />
            </IconButton>
          </span>
        </Tooltip>
      </Stack>
      <Grid container spacing={2}>
        <Grid size={12}>
          <StatPanel
            title={t('manuscripts.title')}
            summary={m && t('manuscripts.total', { n: m.total })}
            testId="stats-manuscripts"
            loading={loading(s.manuscripts)}
            error={queryError(s.manuscripts)}
            empty={!m?.products.length}
            emptyText={t('empty')}
            height={300}
          >
            {options.manuscripts && <EChart option={options.manuscripts} height={300} ariaLabel={t('manuscripts.title')} />}
          </StatPanel>
        </Grid>
        <Grid size={{ xs: 12, lg: 7 }}>
          <StatPanel
            title={t('translations.title')}
            summary={tr && t('translations.totals', { claimed: tr.claimed, submitted: tr.submitted, reviewed: tr.reviewed })}
            testId="stats-translations"
            loading={loading(s.translations)}
            error={queryError(s.translations)}
            empty={!tr?.people.length}
            emptyText={t('empty')}
            height={280}
          >
            {options.throughput && <EChart option={options.throughput} height={240} ariaLabel={t('translations.chart')} />}
            {tr && <ThroughputTable people={tr.people} />}
          </StatPanel>
        </Grid>
        <Grid size={{ xs: 12, lg: 5 }}>
          <StatPanel
            title={t('journals.title')}
            summary={j && t('journals.total', { n: j.total })}
            testId="stats-journals"
            loading={loading(s.journals)}
            error={queryError(s.journals)}
            empty={!j?.products.length}
            emptyText={t('empty')}
            height={280}
          >
            {options.journals && <EChart option={options.journals} height={280} ariaLabel={t('journals.title')} />}
          </StatPanel>
        </Grid>
      </Grid>
    </Stack>
  );
}
