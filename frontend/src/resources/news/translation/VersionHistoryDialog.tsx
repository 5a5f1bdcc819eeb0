// 版本历史: the submitted versions of the department's translation (version, status, translator,
// submission time, reviewer); two versions — or a version and the current draft — compared as a
// coloured word diff (`translationDiff`); a version's text on its own. The logic lives in
// history/useVersionHistory.ts, the parts beside it.
import HistoryIcon from '@mui/icons-material/History';
import { Alert, Box, Button, Dialog, DialogActions, DialogContent, DialogTitle, Skeleton, Typography } from '@mui/material';
import { line } from '../../../theme/theme';
import { errorMessage } from '../../shared/hooks';
import { NewsText, TextEmpty } from '../NewsText';
import { ComparePicker } from './history/ComparePicker';
import { DiffPane } from './history/DiffPane';
import { useVersionHistory } from './history/useVersionHistory';
import { VersionTable } from './history/VersionTable';

export { defaultPair } from './history/useVersionHistory';

export interface VersionHistoryDialogProps {
  open: boolean;
  onClose: () => void;
  newsId: number;
  deptId: number | undefined;
  /** The department holds a draft (status edit): it can be compared with a version. */
  hasDraft: boolean;
}

export function VersionHistoryDialog({ open, onClose, newsId, deptId, hasDraft }: VersionHistoryDialogProps) {
  const history = useVersionHistory({ open, newsId, deptId, hasDraft });
  const { t, list, isPending, error, refetch, view, setView } = history;

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
            <VersionTable history={history} />
            <ComparePicker history={history} />
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
