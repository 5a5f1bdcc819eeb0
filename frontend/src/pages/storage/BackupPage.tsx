import { type ReactNode, useEffect, useRef, useState } from 'react';
import {
  Alert,
  Box,
  Button,
  Card,
  Chip,
  LinearProgress,
  Skeleton,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TableRow,
  Typography,
} from '@mui/material';
import BackupOutlined from '@mui/icons-material/BackupOutlined';
import RefreshIcon from '@mui/icons-material/Refresh';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Confirm } from 'react-admin';
import { formatSize } from '../../resources/shared/files/rules';
import { useApiErrorHandler, useNotifyText, useQueryErrorHandler } from '../../resources/shared/hooks';
import { type BackupRun, type BackupStatus, backupApi, backupFileName, num, storageKeys } from './api';
import { type StorageT, useStorageText } from './useStorageText';

/** Polling period while a backup runs. */
export const BACKUP_POLL_MS = 2000;

/** `yyyy-MM-dd HH:mm:ss` → Date (local time), else null. */
function parseTime(value: string | null | undefined): Date | null {
  if (!value) return null;
  const date = new Date(value.replace(' ', 'T'));
  return Number.isNaN(date.getTime()) ? null : date;
}

/** The run's duration in ms: its own figure, else finish − start. */
export function durationOf(run: BackupRun): number | null {
  if (typeof run.durationMs === 'number') return run.durationMs;
  const start = parseTime(run.startedAt);
  const end = parseTime(run.finishedAt);
  return start && end ? Math.max(0, end.getTime() - start.getTime()) : null;
}

/** `850 ms`, `12 秒`, `3 分 05 秒`. */
export function formatDuration(ms: number | null): string {
  if (ms === null) return '';
  if (ms < 1000) return `${ms} ms`;
  const seconds = Math.round(ms / 1000);
  if (seconds < 60) return `${seconds} s`;
  const minutes = Math.floor(seconds / 60);
  return `${minutes} min ${String(seconds % 60).padStart(2, '0')} s`;
}

/** What pg_dump the server found: a path and version, or the text it sent. */
export function pgDumpText(pgDump: BackupStatus['pgDump']): string {
  if (!pgDump) return '';
  if (typeof pgDump === 'string') return pgDump;
  return [pgDump.path, pgDump.version].filter(Boolean).join(' · ');
}

const RUN_COLOR: Record<string, 'default' | 'primary' | 'success' | 'error'> = { running: 'primary', done: 'success', failed: 'error', expired: 'default' };

function Figure({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Box role="group" aria-label={label} sx={{ minWidth: 0 }}>
      <Typography variant="caption" color="text.secondary" component="div">
        {label}
      </Typography>
      <Box sx={{ mt: 0.5, fontSize: 15, fontWeight: 600, wordBreak: 'break-all' }}>{children}</Box>
    </Box>
  );
}

function StatusCard({ status, t, running, onRun, starting }: { status: BackupStatus | undefined; t: StorageT; running: BackupRun | undefined; onRun: () => void; starting: boolean }) {
  const last = status?.lastRun;
  return (
    <Card component="section" aria-label={t('backup.status_title')} sx={{ p: 2 }}>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, mb: 1.5 }}>
        <Typography variant="subtitle1" component="h2" sx={{ fontWeight: 600 }}>
          {t('backup.status_title')}
        </Typography>
        <Box sx={{ flex: 1 }} />
        <Button variant="contained" startIcon={<BackupOutlined />} disabled={!status?.available || starting || running !== undefined} onClick={onRun}>
          {starting ? t('backup.starting') : t('backup.run_now')}
        </Button>
      </Box>
      {!status ? (
        <Skeleton variant="rounded" height={64} />
      ) : (
        <>
          <Box sx={{ display: 'grid', gridTemplateColumns: { xs: 'repeat(2, minmax(0, 1fr))', md: 'repeat(4, minmax(0, 1fr))' }, gap: 2 }}>
            <Figure label={t('backup.pg_dump')}>
              {status.available ? (
                <>
                  <Chip size="small" color="success" label={t('backup.available')} sx={{ mr: 1 }} />
                  <Typography component="span" variant="body2">
                    {pgDumpText(status.pgDump)}
                  </Typography>
                </>
              ) : (
                <Chip size="small" color="error" label={t('backup.unavailable')} />
              )}
            </Figure>
            <Figure label={t('backup.schedule')}>{status.schedule ? t('backup.schedule_daily', { time: status.schedule }) : t('backup.schedule_off')}</Figure>
            <Figure label={t('backup.retention')}>{status.retention ? t('backup.retention_value', { count: status.retention }) : ''}</Figure>
            <Figure label={t('backup.last_run')}>
              {last ? (
                <>
                  {last.startedAt} <Chip size="small" color={RUN_COLOR[last.status] ?? 'default'} label={statusLabel(last.status, t)} />
                </>
              ) : (
                t('backup.never')
              )}
            </Figure>
          </Box>
          {!status.available && status.reason && (
            <Alert severity="warning" sx={{ mt: 2 }}>
              {status.reason}
            </Alert>
          )}
        </>
      )}
      {running && (
        <Box sx={{ mt: 2 }} data-testid="backup-running">
          <Typography variant="body2" sx={{ mb: 0.5 }}>
            {num(running.size) ? t('backup.running_size', { size: formatSize(num(running.size)) }) : t('backup.running')}
          </Typography>
          <LinearProgress sx={{ height: 6, borderRadius: 3 }} />
        </Box>
      )}
    </Card>
  );
}

function statusLabel(status: string, t: StorageT): string {
  return ['running', 'done', 'failed', 'expired'].includes(status) ? t(`status.${status}` as 'status.done') : status;
}

function RestoreSteps({ t }: { t: StorageT }) {
  const code = (text: string) => (
    <Box component="pre" sx={{ m: 0, my: 0.5, p: 1, bgcolor: 'action.hover', borderRadius: 1, fontSize: 13, overflowX: 'auto' }}>
      {text}
    </Box>
  );
  return (
    <Card component="section" aria-label={t('backup.restore_title')} sx={{ p: 2 }}>
      <Typography variant="subtitle1" component="h2" sx={{ fontWeight: 600 }}>
        {t('backup.restore_title')}
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
        {t('backup.restore_hint')}
      </Typography>
      <Box component="ol" sx={{ m: 0, pl: 3, '& li': { mb: 1, typography: 'body2' } }}>
        <li>{t('backup.restore_step1')}</li>
        <li>
          {t('backup.restore_step2')}
          {code('npm run restore -- ./horizon-backup-20261128-033000.zip')}
        </li>
        <li>
          {t('backup.restore_step3')}
          {code('npm run restore -- ./horizon-backup-20261128-033000.zip --force\nnpm run restore -- ./horizon-backup-20261128-033000.zip --files-only')}
        </li>
        <li>{t('backup.restore_step4')}</li>
        <li>{t('backup.restore_step5')}</li>
      </Box>
    </Card>
  );
}

/**
 * 数据存储备份 (/dataSave, docs/collect-design.md §8.2, §8.3): whether backups can run (pg_dump found
 * or why not), schedule, retention and the last run; 立即备份 with its progress; the backups with
 * size, duration, status, 下载 and delete; and how to restore (offline, `npm run restore`).
 */
export function BackupPage({ pollMs = BACKUP_POLL_MS }: { pollMs?: number }) {
  const t = useStorageText();
  const notify = useNotifyText();
  const onError = useApiErrorHandler();
  const queryClient = useQueryClient();
  const status = useQuery({ queryKey: storageKeys.backupStatus, queryFn: backupApi.status });
  const runs = useQuery({
    queryKey: storageKeys.backupRuns,
    queryFn: () => backupApi.runs(),
    refetchInterval: (query) => (query.state.data?.content.some((run) => run.status === 'running') ? pollMs : false),
  });
  useQueryErrorHandler(status.error ?? runs.error);
  const [starting, setStarting] = useState(false);
  const [busy, setBusy] = useState<number | null>(null);
  const [deleting, setDeleting] = useState<BackupRun | null>(null);
  const list = runs.data?.content ?? [];
  const running = list.find((run) => run.status === 'running');
  // a run that just ended changes the status card's last run
  const wasRunning = useRef(false);
  useEffect(() => {
    if (wasRunning.current && !running) void queryClient.invalidateQueries({ queryKey: storageKeys.backupStatus });
    wasRunning.current = running !== undefined;
  }, [running, queryClient]);

  const refresh = () => queryClient.invalidateQueries({ queryKey: ['horizon', 'storage', 'backup'] });

  const runNow = async () => {
    setStarting(true);
    try {
      await backupApi.start();
      notify(t('backup.started'));
      await refresh();
    } catch (error) {
      onError(error);
    } finally {
      setStarting(false);
    }
  };

  const download = async (run: BackupRun) => {
    setBusy(run.id);
    try {
      await backupApi.download(run);
    } catch (error) {
      onError(error);
    } finally {
      setBusy(null);
    }
  };

  const remove = async () => {
    if (!deleting) return;
    setBusy(deleting.id);
    try {
      await backupApi.deleteRuns([deleting.id]);
      notify(t('common.deleted'));
      setDeleting(null);
      await refresh();
    } catch (error) {
      onError(error);
    } finally {
      setBusy(null);
    }
  };

  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', gap: 2, maxWidth: 1400, mx: 'auto' }}>
      <StatusCard status={status.data} t={t} running={running} starting={starting} onRun={() => void runNow()} />
      <Card component="section" aria-label={t('backup.list_title')} sx={{ p: 2 }}>
        <Box sx={{ display: 'flex', alignItems: 'center', mb: 1 }}>
          <Typography variant="subtitle1" component="h2" sx={{ fontWeight: 600 }}>
            {t('backup.list_title')}
          </Typography>
          <Box sx={{ flex: 1 }} />
          <Button size="small" startIcon={<RefreshIcon />} onClick={() => void refresh()}>
            {t('common.refresh')}
          </Button>
        </Box>
        {runs.isPending ? (
          <LinearProgress />
        ) : list.length === 0 ? (
          <Typography variant="body2" color="text.secondary" sx={{ py: 2 }}>
            {t('common.empty')}
          </Typography>
        ) : (
          <TableContainer>
            <Table size="small">
              <TableHead>
                <TableRow>
                  <TableCell>{t('backup.col_time')}</TableCell>
                  <TableCell>{t('backup.col_kind')}</TableCell>
                  <TableCell>{t('backup.col_status')}</TableCell>
                  <TableCell>{t('backup.col_size')}</TableCell>
                  <TableCell>{t('backup.col_db')}</TableCell>
                  <TableCell>{t('backup.col_files')}</TableCell>
                  <TableCell>{t('backup.col_duration')}</TableCell>
                  <TableCell>{t('backup.col_actions')}</TableCell>
                </TableRow>
              </TableHead>
              <TableBody>
                {list.map((run) => (
                  <TableRow key={run.id} data-testid={`backup-${run.id}`}>
                    <TableCell sx={{ whiteSpace: 'nowrap' }}>
                      {run.startedAt ?? ''}
                      <Typography variant="caption" color="text.secondary" component="div">
                        {backupFileName(run)}
                      </Typography>
                    </TableCell>
                    <TableCell>{run.kind === 'scheduled' ? t('backup.kind_scheduled') : t('backup.kind_manual')}</TableCell>
                    <TableCell>
                      <Chip size="small" color={RUN_COLOR[run.status] ?? 'default'} label={statusLabel(run.status, t)} />
                      {run.status === 'failed' && run.error && (
                        <Typography variant="caption" color="error" component="div" sx={{ maxWidth: 320 }}>
                          {run.error}
                        </Typography>
                      )}
                    </TableCell>
                    <TableCell sx={{ whiteSpace: 'nowrap' }}>{num(run.size) ? formatSize(num(run.size)) : ''}</TableCell>
                    <TableCell sx={{ whiteSpace: 'nowrap' }}>{num(run.dbSize) ? formatSize(num(run.dbSize)) : ''}</TableCell>
                    <TableCell sx={{ whiteSpace: 'nowrap' }}>
                      {run.filesCount !== null && run.filesCount !== undefined ? t('backup.files_value', { count: run.filesCount, size: formatSize(num(run.filesSize)) }) : ''}
                    </TableCell>
                    <TableCell sx={{ whiteSpace: 'nowrap' }}>{formatDuration(durationOf(run))}</TableCell>
                    <TableCell sx={{ whiteSpace: 'nowrap' }}>
                      {run.status === 'done' && (
                        <Button size="small" disabled={busy === run.id} onClick={() => void download(run)}>
                          {t('common.download')}
                        </Button>
                      )}
                      <Button size="small" color="error" disabled={busy === run.id || run.status === 'running'} onClick={() => setDeleting(run)}>
                        {t('common.delete')}
                      </Button>
                    </TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          </TableContainer>
        )}
      </Card>
      <RestoreSteps t={t} />
      <Confirm
        isOpen={deleting !== null}
        loading={busy !== null}
        title={t('common.delete_confirm_title')}
        content={t('common.delete_confirm', { count: 1 })}
        onClose={() => setDeleting(null)}
        onConfirm={() => void remove()}
      />
    </Box>
  );
}

export default BackupPage;
