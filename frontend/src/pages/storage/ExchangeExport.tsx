// 导出数据包: the filter (time range, classes, sources, title keyword, with files) → `POST exports`,
// then the export jobs with their progress and 下载.
import { useState } from 'react';
import { Autocomplete, Box, Button, Card, Checkbox, FormControlLabel, Popover, TextField, Typography } from '@mui/material';
import FileDownloadOutlined from '@mui/icons-material/FileDownloadOutlined';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { ClassifyPicker } from '../../resources/news/dialogs/ClassifyPicker';
import { useClassifyTree } from '../../resources/news/dialogs/classifyTree';
import { DateRangeField } from '../../resources/shared/DateRangeInput';
import { useApiErrorHandler, useNotifyText } from '../../resources/shared/hooks';
import { exchangeApi, type ExportRequest, type SourceLight, storageKeys } from './api';
import { ExchangeJobs } from './ExchangeJobs';
import { useStorageText } from './useStorageText';

/** The request of the form; null while the range is incomplete. */
export function exportRequest(form: { range: [string, string] | null; classify: number[]; sources: SourceLight[]; blurry: string; withFiles: boolean }): ExportRequest | null {
  if (!form.range) return null;
  const blurry = form.blurry.trim().slice(0, 200);
  return {
    startTime: form.range[0],
    endTime: form.range[1],
    ...(form.classify.length ? { classify: form.classify } : {}),
    ...(form.sources.length ? { webIds: form.sources.map((source) => source.id) } : {}),
    ...(blurry ? { blurry } : {}),
    withFiles: form.withFiles,
  };
}

export function ExchangeExport() {
  const t = useStorageText();
  const notify = useNotifyText();
  const onError = useApiErrorHandler();
  const queryClient = useQueryClient();
  const [range, setRange] = useState<[string, string] | null>(null);
  const [classify, setClassify] = useState<number[]>([]);
  const [sources, setSources] = useState<SourceLight[]>([]);
  const [blurry, setBlurry] = useState('');
  const [withFiles, setWithFiles] = useState(true);
  const [busy, setBusy] = useState(false);
  const [missingRange, setMissingRange] = useState(false);
  const [classAnchor, setClassAnchor] = useState<HTMLElement | null>(null);
  const tree = useClassifyTree(classAnchor !== null || classify.length > 0);
  const sourceList = useQuery({ queryKey: storageKeys.sources, queryFn: exchangeApi.sources, staleTime: 60_000 });

  const submit = async () => {
    const body = exportRequest({ range, classify, sources, blurry, withFiles });
    if (!body) {
      setMissingRange(true);
      return;
    }
    setBusy(true);
    try {
      await exchangeApi.createExport(body);
      notify(t('exchange.export_started'));
      await queryClient.invalidateQueries({ queryKey: storageKeys.jobs('export') });
    } catch (error) {
      onError(error);
    } finally {
      setBusy(false);
    }
  };

  return (
    <Card component="section" aria-label={t('exchange.export_title')} sx={{ p: 2 }}>
      <Typography variant="subtitle1" component="h2" sx={{ fontWeight: 600 }}>
        {t('exchange.export_title')}
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
        {t('exchange.export_hint')}
      </Typography>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 2, alignItems: 'flex-start', mb: 2 }}>
        <Box sx={{ width: 300 }}>
          <DateRangeField
            label={t('exchange.range')}
            value={range}
            onChange={(value) => {
              setRange(value);
              if (value) setMissingRange(false);
            }}
          />
          {missingRange && (
            <Typography variant="caption" color="error" role="alert">
              {t('exchange.range_required')}
            </Typography>
          )}
        </Box>
        <Button variant="outlined" onClick={(event) => setClassAnchor(event.currentTarget)} sx={{ height: 40 }}>
          {classify.length ? t('exchange.classify_count', { count: classify.length }) : t('exchange.classify_pick')}
        </Button>
        <Popover open={classAnchor !== null} anchorEl={classAnchor} onClose={() => setClassAnchor(null)} anchorOrigin={{ vertical: 'bottom', horizontal: 'left' }}>
          <Box sx={{ p: 2, width: 360 }} aria-label={t('exchange.classify')} role="group">
            <ClassifyPicker nodes={tree.data} loading={tree.isPending} error={tree.error} onRetry={() => void tree.refetch()} value={classify} onChange={setClassify} />
          </Box>
        </Popover>
        <Autocomplete
          multiple
          size="small"
          sx={{ minWidth: 260, maxWidth: 420, flex: 1 }}
          options={sourceList.data ?? []}
          loading={sourceList.isPending}
          value={sources}
          onChange={(_event, value) => setSources(value.slice(0, 200))}
          getOptionLabel={(option) => option.name}
          isOptionEqualToValue={(a, b) => a.id === b.id}
          renderInput={(params) => <TextField {...params} label={t('exchange.sources')} placeholder={sources.length ? '' : t('exchange.sources_placeholder')} />}
        />
        <TextField
          size="small"
          label={t('exchange.blurry')}
          value={blurry}
          onChange={(event) => setBlurry(event.target.value)}
          slotProps={{ htmlInput: { maxLength: 200 } }}
          sx={{ width: 200 }}
        />
        <FormControlLabel control={<Checkbox checked={withFiles} onChange={(event) => setWithFiles(event.target.checked)} />} label={t('exchange.with_files')} />
        <Button variant="contained" startIcon={<FileDownloadOutlined />} disabled={busy} onClick={() => void submit()} sx={{ height: 40 }}>
          {busy ? t('exchange.exporting') : t('exchange.export')}
        </Button>
      </Box>
      <ExchangeJobs kind="export" title={t('exchange.jobs_title')} />
    </Card>
  );
}
