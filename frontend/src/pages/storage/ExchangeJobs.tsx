// The exchange job list (exports or imports): status, a progress bar polled through `GET jobs/{id}`
// while the job moves, counts, 下载 (exports), 报告 / 重新处理 (imports) and delete.
import { useEffect, useRef, useState } from 'react';
import {
  Box,
  Button,
  Chip,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  LinearProgress,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TableRow,
  Typography,
} from '@mui/material';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Confirm } from 'react-admin';
import { formatSize } from '../../resources/shared/files/rules';
import { useApiErrorHandler, useNotifyText } from '../../resources/shared/hooks';
import { type ExchangeJob, exchangeApi, isActive, type JobKind, num, storageKeys } from './api';
import { groupFingerprint } from './ExchangeKeys';
import { type StorageT, useStorageText } from './useStorageText';

/** Polling period of a moving job. */
export const JOB_POLL_MS = 1500;

const STATUS_COLOR: Record<string, 'default' | 'info' | 'primary' | 'success' | 'error'> = {
  uploading: 'info',
  queued: 'default',
  running: 'primary',
  done: 'success',
  failed: 'error',
};

export function StatusChip({ status, t }: { status: string; t: StorageT }) {
  const known = status in STATUS_COLOR;
  return (
    <Chip
      size="small"
      color={STATUS_COLOR[status] ?? 'default'}
      variant={status === 'done' || status === 'failed' ? 'filled' : 'outlined'}
      label={known ? t(`status.${status}` as 'status.done') : status}
    />
  );
}

/** Percent of a job: bytes while uploading, lines while processing. */
export function jobPercent(job: ExchangeJob): number | null {
  if (job.status === 'done') return 100;
  if (job.status === 'uploading') {
    const size = num(job.size);
    return size > 0 ? Math.min(100, Math.floor((num(job.received) / size) * 100)) : null;
  }
  const total = num(job.total);
  return total > 0 ? Math.min(100, Math.floor((num(job.processed) / total) * 100)) : null;
}

/** The job, polled while it moves; the list is reloaded when it stops. */
export function useLiveJob(job: ExchangeJob, pollMs = JOB_POLL_MS): ExchangeJob {
  const queryClient = useQueryClient();
  const active = isActive(job.status);
  const { data } = useQuery({
    queryKey: storageKeys.job(job.id),
    queryFn: () => exchangeApi.job(job.id),
    enabled: active,
    initialData: job,
    refetchInterval: (query) => (query.state.status === 'error' || !isActive(query.state.data?.status) ? false : pollMs),
  });
  const live = active && data ? data : job;
  const wasActive = useRef(active);
  useEffect(() => {
    if (wasActive.current && !isActive(live.status)) void queryClient.invalidateQueries({ queryKey: storageKeys.jobs(job.kind) });
    wasActive.current = isActive(live.status);
  }, [live.status, job.kind, queryClient]);
  return live;
}

export function JobProgress({ job }: { job: ExchangeJob }) {
  const percent = jobPercent(job);
  const moving = isActive(job.status);
  return (
    <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, minWidth: 140 }}>
      <LinearProgress
        sx={{ flex: 1, height: 6, borderRadius: 3 }}
        variant={percent === null && moving ? 'indeterminate' : 'determinate'}
        value={percent ?? 0}
        color={job.status === 'failed' ? 'error' : job.status === 'done' ? 'success' : 'primary'}
        aria-label={`${job.fileName ?? job.id}`}
      />
      <Typography variant="caption" sx={{ width: 36, textAlign: 'right' }}>
        {percent === null ? '' : `${percent}%`}
      </Typography>
    </Box>
  );
}

/** The import report: counts, the signer, classes unknown here, the first problems. */
export function ImportReport({ job, t }: { job: ExchangeJob; t: StorageT }) {
  const problems = job.report?.problems ?? [];
  const unknown = job.report?.unknownClasses ?? [];
  const websites = typeof job.report?.websites === 'number' ? job.report.websites : null;
  const files = typeof job.report?.files === 'number' ? job.report.files : null;
  const figures: Array<[string, number]> = [
    [t('exchange.report_created'), num(job.created)],
    [t('exchange.report_updated'), num(job.updated)],
    [t('exchange.report_skipped'), num(job.skipped)],
    [t('exchange.report_failed'), num(job.failed)],
  ];
  return (
    <Box aria-label={t('exchange.report_title')} role="region">
      <Box sx={{ display: 'grid', gridTemplateColumns: 'repeat(4, minmax(0, 1fr))', gap: 1.5, mb: 1.5 }}>
        {figures.map(([label, value]) => (
          <Box key={label} role="group" aria-label={label}>
            <Typography variant="caption" color="text.secondary" component="div">
              {label}
            </Typography>
            <Typography sx={{ fontSize: 22, fontWeight: 600 }}>{value}</Typography>
          </Box>
        ))}
      </Box>
      {job.signer && (
        <Typography variant="body2" sx={{ mb: 1, wordBreak: 'break-all' }}>
          {t('exchange.report_signer')}：<code>{groupFingerprint(job.signer)}</code>
        </Typography>
      )}
      {(websites !== null || files !== null) && (
        <Typography variant="body2" sx={{ mb: 1 }}>
          {t('exchange.report_websites_files', { websites: websites ?? 0, files: files ?? 0 })}
        </Typography>
      )}
      {job.status === 'failed' && job.error && (
        <Typography variant="body2" color="error" sx={{ mb: 1 }}>
          {t('exchange.import_failed', { message: job.error })}
        </Typography>
      )}
      {unknown.length > 0 && (
        <Typography variant="body2" sx={{ mb: 1 }}>
          {t('exchange.report_unknown_classes')}：{unknown.join('，')}
        </Typography>
      )}
      <Typography variant="subtitle2" sx={{ mt: 1, mb: 0.5 }}>
        {t('exchange.report_problems')}
      </Typography>
      {problems.length === 0 ? (
        <Typography variant="body2" color="text.secondary">
          {t('exchange.report_no_problems')}
        </Typography>
      ) : (
        <TableContainer sx={{ maxHeight: 320 }}>
          <Table size="small" stickyHeader>
            <TableHead>
              <TableRow>
                <TableCell sx={{ width: 64 }}>{t('exchange.report_line')}</TableCell>
                <TableCell>{t('exchange.report_url')}</TableCell>
                <TableCell>{t('exchange.report_message')}</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {problems.map((problem, index) => (
                <TableRow key={`${problem.line ?? ''}-${index}`}>
                  <TableCell>{problem.line ?? ''}</TableCell>
                  <TableCell sx={{ wordBreak: 'break-all' }}>{problem.url ?? ''}</TableCell>
                  <TableCell>{problem.message}</TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </TableContainer>
      )}
    </Box>
  );
}

function JobRow({ job: listed, t, onReport, onDelete }: { job: ExchangeJob; t: StorageT; onReport: (job: ExchangeJob) => void; onDelete: (job: ExchangeJob) => void }) {
  const job = useLiveJob(listed);
  const onError = useApiErrorHandler();
  const notify = useNotifyText();
  const queryClient = useQueryClient();
  const [busy, setBusy] = useState(false);
  const run = async (action: () => Promise<unknown>, done?: string) => {
    setBusy(true);
    try {
      await action();
      if (done) notify(done);
    } catch (error) {
      onError(error);
    } finally {
      setBusy(false);
    }
  };
  const counts =
    job.kind === 'export'
      ? t('exchange.counts_export', { processed: num(job.processed), total: num(job.total) })
      : t('exchange.counts_import', { created: num(job.created), updated: num(job.updated), skipped: num(job.skipped), failed: num(job.failed) });
  return (
    <TableRow data-testid={`job-${job.id}`}>
      <TableCell sx={{ maxWidth: 280, wordBreak: 'break-all' }}>
        {job.fileName ?? `#${job.id}`}
        {job.status === 'failed' && job.error && (
          <Typography variant="caption" color="error" component="div">
            {job.error}
          </Typography>
        )}
      </TableCell>
      <TableCell>
        <StatusChip status={job.status} t={t} />
      </TableCell>
      <TableCell>
        <JobProgress job={job} />
      </TableCell>
      <TableCell sx={{ whiteSpace: 'nowrap' }}>{counts}</TableCell>
      <TableCell sx={{ whiteSpace: 'nowrap' }}>{num(job.size) ? formatSize(num(job.size)) : ''}</TableCell>
      <TableCell sx={{ whiteSpace: 'nowrap' }}>{job.createTime ?? ''}</TableCell>
      <TableCell sx={{ whiteSpace: 'nowrap' }}>
        {job.kind === 'export' && job.status === 'done' && (
          <Button size="small" disabled={busy} onClick={() => void run(() => exchangeApi.download(job))}>
            {t('common.download')}
          </Button>
        )}
        {job.kind === 'import' && (job.status === 'done' || job.status === 'failed') && (
          <Button size="small" onClick={() => onReport(job)}>
            {t('exchange.view_report')}
          </Button>
        )}
        {job.kind === 'import' && job.status === 'failed' && (
          <Button
            size="small"
            disabled={busy}
            onClick={() =>
              void run(async () => {
                await exchangeApi.resume(job.id);
                await queryClient.invalidateQueries({ queryKey: storageKeys.jobs('import') });
              }, t('exchange.resumed'))
            }
          >
            {t('exchange.resume')}
          </Button>
        )}
        <Button size="small" color="error" disabled={busy || isActive(job.status)} onClick={() => onDelete(job)}>
          {t('common.delete')}
        </Button>
      </TableCell>
    </TableRow>
  );
}

/** The jobs of one kind, newest first, with their live progress. */
export function ExchangeJobs({ kind, title }: { kind: JobKind; title: string }) {
  const t = useStorageText();
  const queryClient = useQueryClient();
  const onError = useApiErrorHandler();
  const notify = useNotifyText();
  const { data, error, isPending } = useQuery({ queryKey: storageKeys.jobs(kind), queryFn: () => exchangeApi.jobs(kind) });
  const [report, setReport] = useState<ExchangeJob | null>(null);
  const [deleting, setDeleting] = useState<ExchangeJob | null>(null);
  const [busy, setBusy] = useState(false);
  const jobs = data?.content ?? [];

  const remove = async () => {
    if (!deleting) return;
    setBusy(true);
    try {
      await exchangeApi.deleteJobs([deleting.id]);
      notify(t('common.deleted'));
      setDeleting(null);
      await queryClient.invalidateQueries({ queryKey: storageKeys.jobs(kind) });
    } catch (failure) {
      onError(failure);
    } finally {
      setBusy(false);
    }
  };

  return (
    <Box component="section" aria-label={title}>
      <Typography variant="subtitle2" component="h3" sx={{ mb: 1 }}>
        {title}
      </Typography>
      {isPending ? (
        <LinearProgress />
      ) : error ? (
        <Typography variant="body2" color="error">
          {t('common.load_failed', { message: error instanceof Error ? error.message : '' })}
        </Typography>
      ) : jobs.length === 0 ? (
        <Typography variant="body2" color="text.secondary" sx={{ py: 2 }}>
          {t('common.empty')}
        </Typography>
      ) : (
        <TableContainer>
          <Table size="small">
            <TableHead>
              <TableRow>
                <TableCell>{t('exchange.col_file')}</TableCell>
                <TableCell>{t('exchange.col_status')}</TableCell>
                <TableCell>{t('exchange.col_progress')}</TableCell>
                <TableCell>{t('exchange.col_counts')}</TableCell>
                <TableCell>{t('exchange.col_size')}</TableCell>
                <TableCell>{t('exchange.col_time')}</TableCell>
                <TableCell>{t('exchange.col_actions')}</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {jobs.map((job) => (
                <JobRow key={job.id} job={job} t={t} onReport={setReport} onDelete={setDeleting} />
              ))}
            </TableBody>
          </Table>
        </TableContainer>
      )}
      <Dialog open={report !== null} onClose={() => setReport(null)} fullWidth maxWidth="md">
        <DialogTitle>
          {t('exchange.report_title')} · {report?.fileName ?? ''}
        </DialogTitle>
        <DialogContent dividers>{report && <ImportReport job={report} t={t} />}</DialogContent>
        <DialogActions>
          <Button onClick={() => setReport(null)}>{t('common.confirm')}</Button>
        </DialogActions>
      </Dialog>
      <Confirm
        isOpen={deleting !== null}
        loading={busy}
        title={t('common.delete_confirm_title')}
        content={t('common.delete_confirm', { count: 1 })}
        onClose={() => setDeleting(null)}
        onConfirm={() => void remove()}
      />
    </Box>
  );
}
