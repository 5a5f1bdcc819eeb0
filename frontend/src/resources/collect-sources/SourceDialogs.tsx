import { useState } from 'react';
import {
  Alert,
  Box,
  Button,
  Checkbox,
  CircularProgress,
  Dialog,
  DialogActions,
  DialogContent,
  DialogContentText,
  DialogTitle,
  Drawer,
  FormControlLabel,
  IconButton,
  List,
  ListItem,
  ListItemText,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TablePagination,
  TableRow,
  Typography,
} from '@mui/material';
import CloseIcon from '@mui/icons-material/Close';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { OpmlImportResult, RunSummary, Source, SourcesApi } from './api';
import { useSourcesText } from './useSourcesText';

/** The answer of 立即采集 (docs/collect-design.md §5.3), or the wait for it. */
export function CollectResultDialog({ source, summary, error, onClose }: { source: Source | null; summary: RunSummary | null; error: string | null; onClose: () => void }) {
  const t = useSourcesText();
  const rows: Array<[string, string | number]> = summary
    ? [
        [t('collect.status'), t(`run_status.${summary.status}`)],
        [t('collect.http'), summary.httpStatus ?? '—'],
        [t('collect.fetched'), summary.fetched],
        [t('collect.created'), summary.created],
        [t('collect.updated'), summary.updated],
        [t('collect.duplicates'), summary.duplicates],
        [t('collect.duration'), t('collect.ms', { n: summary.durationMs })],
      ]
    : [];
  return (
    <Dialog open={source !== null} onClose={onClose} maxWidth="xs" fullWidth aria-labelledby="collect-result-title">
      <DialogTitle id="collect-result-title">{t('collect.title', { name: source?.name ?? '' })}</DialogTitle>
      <DialogContent dividers>
        {!summary && !error && (
          <Box sx={{ display: 'flex', alignItems: 'center', gap: 1.5 }}>
            <CircularProgress size={20} />
            <Typography>{t('collect.running')}</Typography>
          </Box>
        )}
        {error && <Alert severity="error">{error}</Alert>}
        {summary && (
          <Table size="small" aria-label={t('collect.status')}>
            <TableBody>
              {rows.map(([label, value]) => (
                <TableRow key={label}>
                  <TableCell component="th">{label}</TableCell>
                  <TableCell>{value}</TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        )}
        {summary?.error && (
          <Alert severity={summary.status === 'error' ? 'error' : 'warning'} sx={{ mt: 1.5 }}>
            {summary.error}
          </Alert>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t('action.close')}</Button>
      </DialogActions>
    </Dialog>
  );
}

/** 运行记录: the source's runs, newest first, paged (`GET {id}/runs`). */
export function RunsDrawer({ source, api, onClose }: { source: Source | null; api: SourcesApi; onClose: () => void }) {
  const t = useSourcesText();
  const [page, setPage] = useState(0);
  const [size, setSize] = useState(20);
  const id = source?.id;
  const runs = useQuery({
    queryKey: ['horizon', 'collect', 'runs', id, page, size],
    queryFn: () => api.runs(id!, page, size),
    enabled: id !== undefined,
    placeholderData: keepPreviousData,
  });
  return (
    <Drawer anchor="right" open={source !== null} onClose={onClose} slotProps={{ paper: { sx: { width: { xs: '100%', md: 820 } } } }}>
      <Box sx={{ display: 'flex', alignItems: 'center', px: 2, py: 1.5, borderBottom: 1, borderColor: 'divider' }}>
        <Typography variant="h6" sx={{ flex: 1 }} noWrap>
          {t('runs.title', { name: source?.name ?? '' })}
        </Typography>
        <IconButton aria-label={t('action.close')} onClick={onClose}>
          <CloseIcon />
        </IconButton>
      </Box>
      <Box sx={{ p: 2, overflow: 'auto' }}>
        {runs.isError && <Alert severity="error">{(runs.error as Error).message}</Alert>}
        <Table size="small" aria-label={t('action.runs')}>
          <TableHead>
            <TableRow>
              <TableCell>{t('runs.started')}</TableCell>
              <TableCell>{t('runs.trigger')}</TableCell>
              <TableCell>{t('collect.status')}</TableCell>
              <TableCell align="right">{t('collect.duration')}</TableCell>
              <TableCell align="right">{t('collect.fetched')}</TableCell>
              <TableCell align="right">{t('collect.created')}</TableCell>
              <TableCell align="right">{t('collect.updated')}</TableCell>
              <TableCell align="right">{t('collect.duplicates')}</TableCell>
              <TableCell align="right">{t('runs.bytes')}</TableCell>
              <TableCell>{t('collect.error')}</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {runs.isPending && (
              <TableRow>
                <TableCell colSpan={10} align="center">
                  <CircularProgress size={20} />
                </TableCell>
              </TableRow>
            )}
            {runs.data?.content.length === 0 && (
              <TableRow>
                <TableCell colSpan={10} align="center" sx={{ color: 'text.secondary' }}>
                  {t('runs.empty')}
                </TableCell>
              </TableRow>
            )}
            {runs.data?.content.map((run) => (
              <TableRow key={run.id}>
                <TableCell sx={{ whiteSpace: 'nowrap' }}>{run.startedAt}</TableCell>
                <TableCell>{t(`trigger.${run.trigger}`)}</TableCell>
                <TableCell sx={{ color: run.status === 'error' ? 'error.main' : undefined }}>
                  {t(`run_status.${run.status}`)}
                  {run.httpStatus ? ` (${run.httpStatus})` : ''}
                </TableCell>
                <TableCell align="right">{run.durationMs}</TableCell>
                <TableCell align="right">{run.fetched}</TableCell>
                <TableCell align="right">{run.created}</TableCell>
                <TableCell align="right">{run.updated}</TableCell>
                <TableCell align="right">{run.duplicates}</TableCell>
                <TableCell align="right">{run.bytes}</TableCell>
                <TableCell sx={{ maxWidth: 220, wordBreak: 'break-all' }}>{run.error ?? ''}</TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
        <TablePagination
          component="div"
          count={runs.data?.totalElements ?? 0}
          page={page}
          rowsPerPage={size}
          rowsPerPageOptions={[10, 20, 50]}
          onPageChange={(_e, next) => setPage(next)}
          onRowsPerPageChange={(e) => {
            setSize(Number(e.target.value));
            setPage(0);
          }}
        />
      </Box>
    </Drawer>
  );
}

/** 删除: confirmation with the force option (a source with news is disabled unless forced). */
export function DeleteSourcesDialog({ count, onClose, onConfirm }: { count: number; onClose: () => void; onConfirm: (force: boolean) => void }) {
  const t = useSourcesText();
  const [force, setForce] = useState(false);
  return (
    <Dialog open={count > 0} onClose={onClose} maxWidth="xs" fullWidth aria-labelledby="delete-sources-title">
      <DialogTitle id="delete-sources-title">{t('delete.title')}</DialogTitle>
      <DialogContent>
        <DialogContentText>{t('delete.content', { n: count })}</DialogContentText>
        <FormControlLabel control={<Checkbox checked={force} onChange={(e) => setForce(e.target.checked)} />} label={t('delete.force')} />
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t('action.cancel')}</Button>
        <Button color="error" variant="contained" onClick={() => onConfirm(force)}>
          {t('action.delete')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}

/** The report of an OPML import. */
export function OpmlResultDialog({ result, onClose }: { result: OpmlImportResult | null; onClose: () => void }) {
  const t = useSourcesText();
  return (
    <Dialog open={result !== null} onClose={onClose} maxWidth="sm" fullWidth aria-labelledby="opml-result-title">
      <DialogTitle id="opml-result-title">{t('opml.title')}</DialogTitle>
      <DialogContent dividers>
        <Typography>{t('opml.created', { n: result?.created ?? 0 })}</Typography>
        <Typography>{t('opml.skipped', { n: result?.skipped ?? 0 })}</Typography>
        {result && result.errors.length > 0 && (
          <>
            <Typography sx={{ mt: 1 }}>{t('opml.errors')}</Typography>
            <List dense>
              {result.errors.map((e) => (
                <ListItem key={`${e.url}-${e.message}`} disableGutters>
                  <ListItemText primary={e.url} secondary={e.message} slotProps={{ primary: { sx: { wordBreak: 'break-all' } } }} />
                </ListItem>
              ))}
            </List>
          </>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t('action.close')}</Button>
      </DialogActions>
    </Dialog>
  );
}
