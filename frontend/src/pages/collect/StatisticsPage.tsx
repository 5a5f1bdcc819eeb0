import { type ReactNode, useMemo, useState } from 'react';
import {
  Alert,
  Box,
  Chip,
  Grid,
  IconButton,
  Paper,
  Skeleton,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  ToggleButton,
  ToggleButtonGroup,
  Tooltip,
  Typography,
} from '@mui/material';
import RefreshIcon from '@mui/icons-material/Refresh';
import { useQuery } from '@tanstack/react-query';
import { useDataProvider } from 'react-admin';
import { EChart } from '../../components/charts/EChart';
import type { HorizonDataProvider } from '../../providers/dataProvider';
import { type CollectStats, countryOption, errorsOption, isEmptyStats, languageOption, perDayOption, STAT_RANGES, type StatRange } from './statsOptions';
import { useCollectText } from './useCollectText';

function Panel({ title, children, testId }: { title: string; children: ReactNode; testId?: string }) {
  return (
    <Paper variant="outlined" sx={{ p: 2, height: '100%' }} data-testid={testId}>
      <Typography variant="subtitle1" component="h2" fontWeight={600} gutterBottom>
        {title}
      </Typography>
      {children}
    </Paper>
  );
}

/**
 * 数据统计 of the collection system (docs/collect-design.md §9): for the last 7, 30 or 90 days the
 * items collected per day by source (stacked, 10 largest + 其他), languages, countries, failed runs
 * per day, the slowest and the silent sources, and the week's top keywords — all from one request
 * (`GET api/collectStatistic?days=`), which the server caches for a minute.
 */
export function StatisticsPage() {
  const t = useCollectText();
  const dataProvider = useDataProvider<HorizonDataProvider>();
  const [days, setDays] = useState<StatRange>(7);
  const stats = useQuery({
    queryKey: ['horizon', 'collect', 'statistic', days],
    queryFn: async () => (await dataProvider.call<CollectStats>(`api/collectStatistic?days=${days}`)).data,
    staleTime: 60_000,
  });
  const data = stats.data;
  const options = useMemo(
    () =>
      data && {
        perDay: perDayOption(data, t('stats.others')),
        language: languageOption(data, t('stats.unknown')),
        country: countryOption(data, t('stats.unknown'), t('stats.items')),
        errors: errorsOption(data, t('stats.errors')),
      },
    [data, t],
  );

  return (
    <Stack spacing={2}>
      <Stack direction="row" spacing={1} useFlexGap sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
        <Typography variant="h6" component="h1" sx={{ flex: 1 }}>
          {t('stats.title')}
        </Typography>
        <ToggleButtonGroup size="small" exclusive value={days} onChange={(_e, value: StatRange | null) => value && setDays(value)} aria-label={t('stats.range')}>
          {STAT_RANGES.map((n) => (
            <ToggleButton key={n} value={n}>
              {t('stats.days', { n })}
            </ToggleButton>
          ))}
        </ToggleButtonGroup>
        <Tooltip title={t('stats.refresh')}>
          <IconButton aria-label={t('stats.refresh')} onClick={() => void stats.refetch()}>
            <RefreshIcon />
          </IconButton>
        </Tooltip>
      </Stack>

      {stats.isError && <Alert severity="error">{(stats.error as Error)?.message || t('stats.failed')}</Alert>}

      {stats.isPending && (
        <Grid container spacing={2} data-testid="stats-loading">
          {[12, 6, 6, 12].map((width, i) => (
            <Grid key={i} size={{ xs: 12, md: width }}>
              <Skeleton variant="rounded" height={280} />
            </Grid>
          ))}
        </Grid>
      )}

      {data && isEmptyStats(data) && (
        <Paper variant="outlined" sx={{ py: 8, textAlign: 'center', color: 'text.secondary' }}>
          {t('stats.empty')}
        </Paper>
      )}

      {data && options && !isEmptyStats(data) && (
        <Grid container spacing={2}>
          <Grid size={12}>
            <Panel title={t('stats.per_day')}>
              {data.perDay.length ? <EChart option={options.perDay} height={340} ariaLabel={t('stats.per_day')} /> : <Empty text={t('stats.empty')} />}
            </Panel>
          </Grid>
          <Grid size={{ xs: 12, md: 5 }}>
            <Panel title={t('stats.by_language')}>
              {data.byLanguage.length ? <EChart option={options.language} height={300} ariaLabel={t('stats.by_language')} /> : <Empty text={t('stats.empty')} />}
            </Panel>
          </Grid>
          <Grid size={{ xs: 12, md: 7 }}>
            <Panel title={t('stats.by_country')}>
              {data.byCountry.length ? <EChart option={options.country} height={300} ariaLabel={t('stats.by_country')} /> : <Empty text={t('stats.empty')} />}
            </Panel>
          </Grid>
          <Grid size={12}>
            <Panel title={t('stats.errors_per_day')}>
              <EChart option={options.errors} height={240} ariaLabel={t('stats.errors_per_day')} />
            </Panel>
          </Grid>
          <Grid size={{ xs: 12, md: 6 }}>
            <Panel title={t('stats.slowest')} testId="stats-slowest">
              {data.slowest.length ? (
                <Table size="small" aria-label={t('stats.slowest')}>
                  <TableHead>
                    <TableRow>
                      <TableCell>{t('stats.col_name')}</TableCell>
                      <TableCell align="right">{t('stats.col_avg')}</TableCell>
                      <TableCell align="right">{t('stats.col_p95')}</TableCell>
                      <TableCell align="right">{t('stats.col_runs')}</TableCell>
                    </TableRow>
                  </TableHead>
                  <TableBody>
                    {data.slowest.map((row) => (
                      <TableRow key={row.webId}>
                        <TableCell>{row.name}</TableCell>
                        <TableCell align="right">{t('stats.ms', { n: row.avgMs })}</TableCell>
                        <TableCell align="right">{t('stats.ms', { n: row.p95Ms })}</TableCell>
                        <TableCell align="right">{row.runs}</TableCell>
                      </TableRow>
                    ))}
                  </TableBody>
                </Table>
              ) : (
                <Empty text={t('stats.empty')} />
              )}
            </Panel>
          </Grid>
          <Grid size={{ xs: 12, md: 6 }}>
            <Panel title={t('stats.silent')} testId="stats-silent">
              {data.silent.length ? (
                <Table size="small" aria-label={t('stats.silent')}>
                  <TableHead>
                    <TableRow>
                      <TableCell>{t('stats.col_name')}</TableCell>
                      <TableCell>{t('stats.col_last_item')}</TableCell>
                    </TableRow>
                  </TableHead>
                  <TableBody>
                    {data.silent.map((row) => (
                      <TableRow key={row.webId}>
                        <TableCell>{row.name}</TableCell>
                        <TableCell>{row.lastItemAt ?? t('stats.never')}</TableCell>
                      </TableRow>
                    ))}
                  </TableBody>
                </Table>
              ) : (
                <Empty text={t('stats.empty')} />
              )}
            </Panel>
          </Grid>
          <Grid size={12}>
            <Panel title={t('stats.keywords')} testId="stats-keywords">
              {data.topKeywords.length ? (
                <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1 }}>
                  {data.topKeywords.map((row) => (
                    <Chip key={row.keyword} label={`${row.keyword} · ${row.count}`} variant="outlined" color="primary" />
                  ))}
                </Box>
              ) : (
                <Empty text={t('stats.empty')} />
              )}
            </Panel>
          </Grid>
        </Grid>
      )}
    </Stack>
  );
}

function Empty({ text }: { text: string }) {
  return <Box sx={{ py: 4, textAlign: 'center', color: 'text.secondary' }}>{text}</Box>;
}

export default StatisticsPage;
