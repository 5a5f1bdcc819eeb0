// 成果管理 (/productProcess-achieve; issue 17, docs/achievements.md): the department's results — per
// person, the translations claimed, submitted and reviewed in a period (the statistics of 统计, for
// holders of `manuscript:list`), then the reviewed translations themselves (the news list with
// isTrans=3: its row actions include 报送) with a search box and an xlsx export of what is listed.
import { type FormEvent, useState } from 'react';
import DownloadOutlined from '@mui/icons-material/DownloadOutlined';
import SearchIcon from '@mui/icons-material/Search';
import { Alert, Box, Button, CircularProgress, InputAdornment, Paper, Stack, TextField, Typography } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { useSearchParams } from 'react-router-dom';
import { useAppAbility } from '../../../providers/ability';
import { canAny } from '../../../providers/permissions';
import { apiDownload, saveBlob } from '../../../resources/api';
import { RoutedNewsList } from '../../../resources/news/RoutedNewsList';
import { errorMessage, useNotifyText } from '../../../resources/shared/hooks';
import { statisticsApi } from '../../statistics/api';
import { type Period, periodProblem, presetPeriod } from '../../statistics/period';
import { PeriodPicker } from '../../statistics/PeriodPicker';
import { ThroughputTable } from '../../statistics/ThroughputTable';
import { NEWS_LIST_SLOTS } from '../processNav';
import { useAchieveText } from './useAchieveText';

const SLOT = NEWS_LIST_SLOTS.achieve;

export function AchievementsPage() {
  const t = useAchieveText();
  const ability = useAppAbility();
  const notify = useNotifyText();
  const [params, setParams] = useSearchParams();
  const [period, setPeriod] = useState<Period>(() => presetPeriod('month', new Date()));
  const [text, setText] = useState(params.get('content') ?? '');
  const [exporting, setExporting] = useState(false);
  const mayCount = canAny(ability, ['manuscript:list']);
  const valid = periodProblem(period) === null;
  const totals = useQuery({
    queryKey: ['horizon', 'achieve', 'totals', period],
    queryFn: ({ signal }) => statisticsApi.translations({ ...period, productId: null }, signal),
    enabled: mayCount && valid,
  });

  const search = (event: FormEvent) => {
    event.preventDefault();
    setParams((current) => {
      const next = new URLSearchParams(current);
      if (text.trim()) next.set('content', text.trim());
      else next.delete('content');
      next.set('page', '1');
      return next;
    });
  };

  const exportList = async () => {
    setExporting(true);
    try {
      const content = params.get('content') ?? undefined;
      const blob = await apiDownload('api/news/download', { ...SLOT.filter, content, sort: params.get('sort') ?? 'updateDesc' });
      saveBlob(blob, `${t('file_name')}.xlsx`);
    } catch (error) {
      notify(t('export_failed', { message: errorMessage(error) }), 'error');
    } finally {
      setExporting(false);
    }
  };

  return (
    <Box data-testid="achievements-page" sx={{ minWidth: 0 }}>
      <Box sx={{ mb: 1.5 }}>
        <Typography variant="h6" component="h1" sx={{ fontSize: 18, fontWeight: 600 }}>
          {t('title')}
        </Typography>
        <Typography variant="body2" color="text.secondary">
          {t('hint')}
        </Typography>
      </Box>
      {mayCount && (
        <Paper variant="outlined" sx={{ p: 2, mb: 1.5 }} data-testid="achieve-totals">
          <Stack direction={{ xs: 'column', md: 'row' }} spacing={2} sx={{ alignItems: { md: 'center' }, mb: 1 }}>
            <Typography variant="subtitle2" sx={{ flex: 1 }}>
              {t('totals')}
            </Typography>
            <PeriodPicker value={period} onChange={setPeriod} />
          </Stack>
          {totals.isError ? (
            <Alert severity="error">{t('totals_failed')}</Alert>
          ) : totals.isPending && valid ? (
            <Stack sx={{ py: 3, alignItems: 'center' }}>
              <CircularProgress size={22} />
            </Stack>
          ) : totals.data && totals.data.people.length > 0 ? (
            <ThroughputTable people={totals.data.people} />
          ) : (
            <Typography color="text.secondary" sx={{ py: 2, textAlign: 'center' }}>
              {t('totals_empty')}
            </Typography>
          )}
        </Paper>
      )}
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1.5} sx={{ mb: 1.5, alignItems: { sm: 'center' } }}>
        <Box component="form" onSubmit={search} sx={{ flex: 1 }}>
          <TextField
            size="small"
            fullWidth
            value={text}
            onChange={(e) => setText(e.target.value)}
            placeholder={t('search_placeholder')}
            slotProps={{ htmlInput: { 'aria-label': t('search') }, input: { startAdornment: <InputAdornment position="start"><SearchIcon fontSize="small" /></InputAdornment> } }}
          />
        </Box>
        <Button variant="outlined" startIcon={exporting ? <CircularProgress size={14} /> : <DownloadOutlined />} onClick={() => void exportList()} disabled={exporting}>
          {exporting ? t('exporting') : t('export')}
        </Button>
      </Stack>
      <RoutedNewsList curMenu={SLOT.curMenu} filter={SLOT.filter} emptyText={t('empty')} />
    </Box>
  );
}
