// 查询统计 (/pro/analysis, docs/news-analysis.md): a query (search text, classes, sources,
// countries, languages, publish period) → attention per day, distributions by source, class,
// country and language, co-occurring keywords, and the matching items in the news list below —
// the list gets the same filter fields as the figures, so it pages through exactly what they count.
import { Box, Stack, Typography } from '@mui/material';
import { RoutedNewsList } from '../../../resources/news/RoutedNewsList';
import { Figures } from './Figures';
import { useAnalysisText } from './i18n';
import { QueryBar } from './QueryBar';
import { useAnalysis } from './useAnalysis';

/** `curMenu` of the list below in the route query (its page, size and sort live there too). */
export const ANALYSIS_LIST_MENU = 'analysis';

export function AnalysisPage() {
  const t = useAnalysisText();
  const model = useAnalysis();
  return (
    <Stack spacing={2} data-testid="analysis-page" sx={{ minWidth: 0 }}>
      <Box>
        <Typography variant="h6" component="h1" sx={{ fontSize: 18, fontWeight: 600 }}>
          {t('title')}
        </Typography>
        <Typography variant="body2" color="text.secondary">
          {t('hint')}
        </Typography>
      </Box>
      <QueryBar model={model} />
      <Figures model={model} />
      <Box>
        <Typography variant="subtitle1" component="h2" fontWeight={600} sx={{ mb: 1 }}>
          {t('figures.list')}
        </Typography>
        <RoutedNewsList curMenu={ANALYSIS_LIST_MENU} filter={model.api} emptyText={t('figures.list_empty')} />
      </Box>
    </Stack>
  );
}

export default AnalysisPage;
