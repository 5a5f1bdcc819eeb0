// 版本历史: the submitted versions of the department's translation (version, status, translator,
// submission time, reviewer); two versions — or a version and the current draft — compared as a
// coloured word diff (`translationDiff`); a version's text on its own.
import { useEffect, useState } from 'react';
import CompareArrows from '@mui/icons-material/CompareArrows';
import HistoryIcon from '@mui/icons-material/History';
import {
  Alert,
  Box,
  Button,
  Chip,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  Skeleton,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  TextField,
  Typography,
} from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { horizon, line } from '../../../theme/theme';
import { errorMessage } from '../../shared/hooks';
import { NewsText, TextEmpty } from '../NewsText';
import { type TranslationDiff, translationApi, translationKeys, type TranslationVersion } from './api';
import { useTransText } from './useTransText';
import { formatTime, statusColor, statusKey } from './workflow';

export interface VersionHistoryDialogProps {
  open: boolean;
  onClose: () => void;
  newsId: number;
  deptId: number | undefined;
  /** The department holds a draft (status edit): it can be compared with a version. */
  hasDraft: boolean;
}

/** `to` of a comparison: a version number, or the current draft. */
type Target = number | 'draft';

type View = { kind: 'diff'; from: number; to: Target } | { kind: 'text'; version: TranslationVersion } | null;

/** The default comparison: newest version vs the draft, or the two newest versions. */
export function defaultPair(versions: readonly TranslationVersion[], hasDraft: boolean): { from: number; to: Target } | null {
  if (!versions.length) return null;
  if (hasDraft) return { from: versions[0].version, to: 'draft' };
  if (versions.length < 2) return null;
  return { from: versions[1].version, to: versions[0].version };
}

function DiffView({ diff }: { diff: TranslationDiff }) {
  const t = useTransText();
  const changed = diff.parts.some((p) => p.op !== 'equal');
  return (
    <Box data-testid="trans-diff">
      <Box sx={{ display: 'flex', alignItems: 'center', flexWrap: 'wrap', gap: 1, mb: 1.25 }}>
        <Chip size="small" label={t('history.inserted', { count: diff.inserted })} sx={{ bgcolor: horizon('diffInsertedBg'), color: horizon('diffInsertedText'), borderRadius: 1 }} />
        <Chip size="small" label={t('history.deleted', { count: diff.deleted })} sx={{ bgcolor: horizon('diffDeletedBg'), color: horizon('diffDeletedText'), borderRadius: 1 }} />
        <Box sx={{ flex: 1 }} />
        <Typography variant="caption" color="text.secondary" sx={{ display: 'inline-flex', gap: 1.5 }}>
          <Box component="ins" sx={{ bgcolor: horizon('diffInsertedBg'), textDecoration: 'none', px: 0.5 }}>
            {t('history.legend_insert')}
          </Box>
          <Box component="del" sx={{ bgcolor: horizon('diffDeletedBg'), px: 0.5 }}>
            {t('history.legend_delete')}
          </Box>
        </Typography>
      </Box>
      {!changed && (
        <Alert severity="info" variant="outlined" sx={{ mb: 1.25 }}>
          {t('history.same')}
        </Alert>
      )}
      <Box
        sx={{
          whiteSpace: 'pre-wrap',
          wordBreak: 'break-word',
          fontSize: 14.5,
          lineHeight: 1.9,
          color: 'text.primary',
          p: 1.5,
          border: line(),
          borderRadius: 1,
          maxHeight: 420,
          overflow: 'auto',
          '& ins': { bgcolor: horizon('diffInsertedBg'), color: horizon('diffInsertedText'), textDecoration: 'none', borderRadius: 0.5 },
          '& del': { bgcolor: horizon('diffDeletedBg'), color: horizon('diffDeletedText'), borderRadius: 0.5 },
        }}
      >
        {diff.parts.map((p, i) =>
          p.op === 'insert' ? (
            <ins key={i} data-op="insert">
              {p.text}
            </ins>
          ) : p.op === 'delete' ? (
            <del key={i} data-op="delete">
              {p.text}
            </del>
          ) : (
            <span key={i}>{p.text}</span>
          ),
        )}
      </Box>
    </Box>
  );
}

function DiffPane({ newsId, deptId, from, to }: { newsId: number; deptId: number | undefined; from: number; to: Target }) {
  const t = useTransText();
  const toVersion = to === 'draft' ? null : to;
  const { data, isPending, error } = useQuery({
    queryKey: translationKeys.diff(newsId, deptId, from, toVersion),
    queryFn: () => translationApi.diff(newsId, deptId, from, toVersion),
    // the draft changes while one works
    staleTime: to === 'draft' ? 0 : 5 * 60_000,
    retry: false,
  });
  if (error) return <Alert severity="error">{errorMessage(error) || t('history.load_failed')}</Alert>;
  if (isPending || !data) {
    return (
      <Box aria-busy="true" aria-label={t('history.loading')}>
        {[100, 92, 97, 60].map((w, i) => (
          <Skeleton key={i} variant="text" width={`${w}%`} />
        ))}
      </Box>
    );
  }
  return <DiffView diff={data} />;
}

export function VersionHistoryDialog({ open, onClose, newsId, deptId, hasDraft }: VersionHistoryDialogProps) {
  const t = useTransText();
  const { data: versions, isPending, error, refetch } = useQuery({
    queryKey: translationKeys.versions(newsId, deptId),
    queryFn: () => translationApi.versions(newsId, deptId),
    enabled: open,
    staleTime: 0,
    retry: false,
  });
  const [from, setFrom] = useState<number | null>(null);
  const [to, setTo] = useState<Target | null>(null);
  const [view, setView] = useState<View>(null);

  // defaults each time the list (re)loads
  useEffect(() => {
    if (!open || !versions) return;
    const pair = defaultPair(versions, hasDraft);
    setFrom(pair?.from ?? versions[0]?.version ?? null);
    setTo(pair?.to ?? null);
  }, [open, versions, hasDraft]);

  useEffect(() => {
    if (!open) setView(null);
  }, [open]);

  const list = versions ?? [];
  const label = (v: Target) => (v === 'draft' ? t('history.current') : t('history.version_n', { version: v }));
  const canCompare = from !== null && to !== null && from !== to;
  const enough = list.length >= 2 || (hasDraft && list.length >= 1);

  return (
    <Dialog open={open} onClose={onClose} maxWidth="md" fullWidth aria-labelledby="trans-history-title" data-testid="trans-history-dialog">
      <DialogTitle id="trans-history-title" sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
        <HistoryIcon color="primary" />
        {t('history.title')}
      </DialogTitle>
      <DialogContent dividers>
        {error ? (
          <Alert
            severity="error"
            action={
              <Button color="inherit" size="small" onClick={() => void refetch()}>
                {t('history.retry')}
              </Button>
            }
          >
            {errorMessage(error) || t('history.load_failed')}
          </Alert>
        ) : isPending ? (
          <Box aria-busy="true" aria-label={t('history.loading')}>
            {[0, 1, 2].map((i) => (
              <Skeleton key={i} variant="rectangular" height={32} sx={{ mb: 1, borderRadius: 1 }} />
            ))}
          </Box>
        ) : list.length === 0 ? (
          <TextEmpty text={t('history.empty')} hint={t('history.empty_hint')} />
        ) : (
          <>
            <Table size="small" aria-label={t('history.title')}>
              <TableHead>
                <TableRow>
                  <TableCell>{t('history.version')}</TableCell>
                  <TableCell>{t('history.status')}</TableCell>
                  <TableCell>{t('history.author')}</TableCell>
                  <TableCell>{t('history.submitted')}</TableCell>
                  <TableCell>{t('history.reviewer')}</TableCell>
                  <TableCell>{t('history.reviewed_at')}</TableCell>
                  <TableCell align="right">{t('history.actions')}</TableCell>
                </TableRow>
              </TableHead>
              <TableBody>
                {list.map((v) => (
                  <TableRow key={v.version} data-version={v.version} hover selected={view?.kind === 'text' && view.version.version === v.version}>
                    <TableCell sx={{ fontWeight: 600 }}>{label(v.version)}</TableCell>
                    <TableCell>
                      <Chip size="small" variant="outlined" color={statusColor(v.status)} label={t(statusKey(v.status))} />
                    </TableCell>
                    <TableCell>{v.editorName ?? '—'}</TableCell>
                    <TableCell sx={{ whiteSpace: 'nowrap' }}>{formatTime(v.createTime) || '—'}</TableCell>
                    <TableCell>{v.examineName ?? '—'}</TableCell>
                    <TableCell sx={{ whiteSpace: 'nowrap' }}>{formatTime(v.examineTime) || '—'}</TableCell>
                    <TableCell align="right">
                      <Button size="small" onClick={() => setView({ kind: 'text', version: v })}>
                        {t('history.view')}
                      </Button>
                    </TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>

            <Box sx={{ display: 'flex', alignItems: 'center', flexWrap: 'wrap', gap: 1.5, mt: 2 }}>
              <TextField
                select
                size="small"
                label={t('history.from')}
                value={from ?? ''}
                onChange={(e) => setFrom(Number(e.target.value))}
                slotProps={{ select: { native: true }, inputLabel: { shrink: true } }}
                sx={{ minWidth: 120 }}
                disabled={!enough}
              >
                {list.map((v) => (
                  <option key={v.version} value={v.version}>
                    {label(v.version)}
                  </option>
                ))}
              </TextField>
              <CompareArrows color="action" />
              <TextField
                select
                size="small"
                label={t('history.to')}
                value={to ?? ''}
                onChange={(e) => setTo(e.target.value === 'draft' ? 'draft' : Number(e.target.value))}
                slotProps={{ select: { native: true }, inputLabel: { shrink: true } }}
                sx={{ minWidth: 140 }}
                disabled={!enough}
              >
                {to === null && <option value="" />}
                {hasDraft && <option value="draft">{label('draft')}</option>}
                {list.map((v) => (
                  <option key={v.version} value={v.version}>
                    {label(v.version)}
                  </option>
                ))}
              </TextField>
              <Button
                variant="contained"
                size="small"
                startIcon={<CompareArrows />}
                disabled={!enough || !canCompare}
                onClick={() => from !== null && to !== null && setView({ kind: 'diff', from, to })}
              >
                {t('history.compare')}
              </Button>
              {!enough ? (
                <Typography variant="caption" color="text.secondary">
                  {t('history.need_two')}
                </Typography>
              ) : (
                !canCompare && (
                  <Typography variant="caption" color="text.secondary">
                    {t('history.same_pick')}
                  </Typography>
                )
              )}
            </Box>

            {view && (
              <Box sx={{ mt: 2 }}>
                <Typography sx={{ fontSize: 14, fontWeight: 600, mb: 1 }}>
                  {view.kind === 'text'
                    ? t('history.text_of', { version: view.version.version })
                    : t('history.diff_of', { from: view.from, to: view.to === 'draft' ? t('history.current') : `v${view.to}` })}
                </Typography>
                {view.kind === 'text' ? (
                  <Box data-testid="trans-version-text" sx={{ p: 1.5, border: line(), borderRadius: 1, maxHeight: 420, overflow: 'auto' }}>
                    <NewsText text={view.version.content} empty={t('editor.empty')} lang="zh-CN" />
                  </Box>
                ) : (
                  <DiffPane newsId={newsId} deptId={deptId} from={view.from} to={view.to} />
                )}
              </Box>
            )}
          </>
        )}
      </DialogContent>
      <DialogActions>
        {view && <Button onClick={() => setView(null)}>{t('history.back')}</Button>}
        <Button onClick={onClose}>{t('history.close')}</Button>
      </DialogActions>
    </Dialog>
  );
}
