import { useMemo } from 'react';
import { Grid } from '@mui/material';
import type { UseQueryResult } from '@tanstack/react-query';
import { EChart } from '../../../components/charts/EChart';
import { barHeight, barOption, keywordsOption, pieOption, timelineOption } from './analysisOptions';
import type { Distribution, DistributionBy } from './api';
import { FigurePanel } from './FigurePanel';
import { useAnalysisText } from './i18n';
import type { AnalysisModel } from './useAnalysis';

/** Layout of the distributions: bars for the long lists (sources, classes), rings for the short ones. */
const KIND: Record<DistributionBy, 'bar' | 'pie'> = { source: 'bar', classify: 'bar', country: 'pie', language: 'pie' };
const PIE_HEIGHT = 300;

/** The charts of 查询统计, each with its own request, loading and empty state. */
export function Figures({ model }: { model: AnalysisModel }) {
  const t = useAnalysisText();
  const texts = { empty: t('figures.empty'), failed: t('figures.failed') };
  const { timeline, keywords, distributions } = model;
  const timelineChart = useMemo(() => timeline.data && timelineOption(timeline.data, t('figures.items')), [timeline.data, t]);
  const keywordChart = useMemo(() => keywords.data && keywordsOption(keywords.data, t('figures.items')), [keywords.data, t]);
  const total = timeline.data?.total;

  return (
    <Grid container spacing={2}>
      <Grid size={12}>
        <FigurePanel
          title={t('figures.timeline')}
          subtitle={total === undefined ? undefined : t('figures.total', { n: total })}
          loading={timeline.isPending}
          failed={timeline.isError}
          empty={total === 0}
          texts={texts}
          height={300}
          testId="figure-timeline"
        >
          {timelineChart && <EChart option={timelineChart} height={300} ariaLabel={t('figures.timeline')} />}
        </FigurePanel>
      </Grid>
      {(['source', 'classify', 'country', 'language'] as const).map((by) => (
        <Grid key={by} size={{ xs: 12, md: 6 }}>
          <DistributionFigure by={by} figure={distributions[by]} texts={texts} />
        </Grid>
      ))}
      <Grid size={12}>
        <FigurePanel
          title={t('figures.keywords')}
          loading={keywords.isPending}
          failed={keywords.isError}
          empty={!keywords.data?.items.length}
          texts={texts}
          height={barHeight(keywords.data?.items.length ?? 10)}
          testId="figure-keywords"
        >
          {keywordChart && <EChart option={keywordChart} height={barHeight(keywords.data?.items.length ?? 0)} ariaLabel={t('figures.keywords')} />}
        </FigurePanel>
      </Grid>
    </Grid>
  );
}

function DistributionFigure({ by, figure, texts }: { by: DistributionBy; figure: UseQueryResult<Distribution>; texts: { empty: string; failed: string } }) {
  const t = useAnalysisText();
  const items = figure.data?.items;
  const height = KIND[by] === 'bar' ? barHeight(items?.length ?? 10) : PIE_HEIGHT;
  const option = useMemo(() => items && (KIND[by] === 'bar' ? barOption(items, t('figures.items')) : pieOption(items)), [by, items, t]);
  return (
    <FigurePanel title={t(`figures.${by}`)} loading={figure.isPending} failed={figure.isError} empty={!items?.length} texts={texts} height={height} testId={`figure-${by}`}>
      {option && <EChart option={option} height={height} ariaLabel={t(`figures.${by}`)} />}
    </FigurePanel>
  );
}
