// 导入数据包: pick a package → chunked, resumable upload (chunkedUpload.ts) → the import job's
// processing progress → its report. An upload left unfinished (error, cancel, reload) is offered
// again: picking the same file continues from the bytes the server holds.
import { type ChangeEvent, useEffect, useRef, useState } from 'react';
import { Alert, AlertTitle, Box, Button, Card, LinearProgress, Typography } from '@mui/material';
import UploadFileOutlined from '@mui/icons-material/UploadFileOutlined';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { formatSize } from '../../resources/shared/files/rules';
import { errorMessage, useNotifyText } from '../../resources/shared/hooks';
import { type ExchangeJob, exchangeApi, isActive, num, storageKeys } from './api';
import { clearPending, isSameFile, loadPending, type PendingImport, uploadPackage } from './chunkedUpload';
import { ExchangeJobs, ImportReport, JobProgress, useLiveJob } from './ExchangeJobs';
import { type StorageT, useStorageText } from './useStorageText';

type Upload =
  | { state: 'idle' }
  | { state: 'uploading'; file: File; received: number }
  | { state: 'paused'; file: File; message: string }
  | { state: 'uploaded'; job: ExchangeJob };

/** The job after its upload: processing progress, then the report. */
function ImportProgress({ job: started, t }: { job: ExchangeJob; t: StorageT }) {
  const job = useLiveJob(started);
  return (
    <Box sx={{ mt: 2 }} data-testid="import-progress">
      <Typography variant="body2" sx={{ mb: 0.5 }}>
        <strong>{job.fileName}</strong>{' '}
        {job.status === 'queued' || job.status === 'uploading'
          ? t('exchange.queued')
          : job.status === 'running'
            ? t('exchange.processing', { processed: num(job.processed), total: num(job.total) })
            : ''}
      </Typography>
      <JobProgress job={job} />
      {!isActive(job.status) && (
        <Card variant="outlined" sx={{ p: 2, mt: 1.5 }}>
          <Typography variant="subtitle2" component="h3" sx={{ mb: 1 }}>
            {t('exchange.report_title')}
          </Typography>
          <ImportReport job={job} t={t} />
        </Card>
      )}
    </Box>
  );
}

export function ExchangeImport() {
  const t = useStorageText();
  const notify = useNotifyText();
  const queryClient = useQueryClient();
  const input = useRef<HTMLInputElement>(null);
  const abort = useRef<AbortController | null>(null);
  const [pending, setPending] = useState<PendingImport | null>(() => loadPending());
  const [upload, setUpload] = useState<Upload>({ state: 'idle' });
  const [problem, setProblem] = useState<string | null>(null);

  // what the server holds of a remembered upload (a job that is gone is forgotten)
  const pendingJob = useQuery({
    queryKey: storageKeys.job(pending?.jobId ?? 0),
    queryFn: () => exchangeApi.job(pending!.jobId),
    enabled: pending !== null && upload.state === 'idle',
    retry: false,
  });
  useEffect(() => {
    const status = (pendingJob.error as { status?: number } | null)?.status;
    if (status === 404 || (pendingJob.data && pendingJob.data.status !== 'uploading')) {
      clearPending();
      setPending(null);
    }
  }, [pendingJob.error, pendingJob.data]);

  useEffect(() => () => abort.current?.abort(), []);

  const start = async (file: File) => {
    setProblem(null);
    const controller = new AbortController();
    abort.current = controller;
    setUpload({ state: 'uploading', file, received: 0 });
    try {
      const { job } = await uploadPackage(file, {
        pending: loadPending(),
        signal: controller.signal,
        onProgress: (received) => setUpload({ state: 'uploading', file, received }),
      });
      setPending(null);
      const fresh = await exchangeApi.job(job.id).catch(() => ({ ...job, status: 'queued' as const }));
      setUpload({ state: 'uploaded', job: fresh });
      await queryClient.invalidateQueries({ queryKey: storageKeys.jobs('import') });
    } catch (error) {
      setPending(loadPending());
      if (controller.signal.aborted) {
        notify(t('exchange.upload_cancelled'), 'info');
        setUpload({ state: 'idle' });
      } else {
        setUpload({ state: 'paused', file, message: errorMessage(error) });
      }
    } finally {
      abort.current = null;
    }
  };

  const onPick = (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    if (!/\.zip$/i.test(file.name)) {
      setProblem(t('exchange.not_zip'));
      return;
    }
    if (pending && !isSameFile(file, pending)) {
      setProblem(t('exchange.pending_mismatch', { name: pending.name, size: formatSize(pending.size) }));
      return;
    }
    void start(file);
  };

  const forget = () => {
    clearPending();
    setPending(null);
    setProblem(null);
    setUpload({ state: 'idle' });
  };

  const uploading = upload.state === 'uploading';
  const pendingPercent = pending && pendingJob.data ? Math.floor((num(pendingJob.data.received) / Math.max(1, pending.size)) * 100) : 0;

  return (
    <Card component="section" aria-label={t('exchange.import_title')} sx={{ p: 2 }}>
      <Typography variant="subtitle1" component="h2" sx={{ fontWeight: 600 }}>
        {t('exchange.import_title')}
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
        {t('exchange.import_hint')}
      </Typography>
      {pending && upload.state !== 'uploading' && upload.state !== 'paused' && (
        <Alert
          severity="info"
          sx={{ mb: 2 }}
          action={
            <Button color="inherit" size="small" onClick={forget}>
              {t('exchange.pending_forget')}
            </Button>
          }
        >
          <AlertTitle>{t('exchange.pending_title')}</AlertTitle>
          {t('exchange.pending_text', { name: pending.name, size: formatSize(pending.size), percent: pendingPercent })}
        </Alert>
      )}
      <Box sx={{ display: 'flex', gap: 1, alignItems: 'center', flexWrap: 'wrap' }}>
        <input ref={input} type="file" accept=".zip,application/zip" hidden onChange={onPick} data-testid="package-input" aria-label={t('exchange.pick_file')} />
        <Button variant="contained" startIcon={<UploadFileOutlined />} disabled={uploading} onClick={() => input.current?.click()}>
          {t('exchange.pick_file')}
        </Button>
        {uploading && (
          <Button color="warning" onClick={() => abort.current?.abort()}>
            {t('exchange.upload_cancel')}
          </Button>
        )}
        {upload.state === 'paused' && (
          <>
            <Button variant="outlined" onClick={() => void start(upload.file)}>
              {t('exchange.upload_resume')}
            </Button>
            <Button color="inherit" onClick={forget}>
              {t('exchange.pending_forget')}
            </Button>
          </>
        )}
      </Box>
      {problem && (
        <Alert severity="warning" sx={{ mt: 2 }} role="alert">
          {problem}
        </Alert>
      )}
      {uploading && (
        <Box sx={{ mt: 2 }} data-testid="upload-progress">
          <Typography variant="body2" sx={{ mb: 0.5 }}>
            {t('exchange.uploading', {
              percent: Math.floor((upload.received / Math.max(1, upload.file.size)) * 100),
              done: formatSize(upload.received),
              total: formatSize(upload.file.size),
            })}
          </Typography>
          <LinearProgress variant="determinate" value={(upload.received / Math.max(1, upload.file.size)) * 100} sx={{ height: 6, borderRadius: 3 }} />
        </Box>
      )}
      {upload.state === 'paused' && (
        <Alert severity="error" sx={{ mt: 2 }}>
          {t('exchange.upload_paused', { message: upload.message })}
        </Alert>
      )}
      {upload.state === 'uploaded' && <ImportProgress key={upload.job.id} job={upload.job} t={t} />}
      <Box sx={{ mt: 3 }}>
        <ExchangeJobs kind="import" title={t('exchange.import_jobs_title')} />
      </Box>
    </Card>
  );
}
