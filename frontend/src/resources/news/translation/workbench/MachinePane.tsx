// The 机器翻译 pane: the machine text, its progress while it runs, a failure, or the button that starts it.
import TranslateIcon from '@mui/icons-material/Translate';
import { Alert, Box, Button, CircularProgress, Typography } from '@mui/material';
import { NewsText, TextEmpty } from '../../NewsText';
import type { TransT } from '../useTransText';
import type { MachineTranslationView } from './useMachineTranslation';

export function MachinePane({ machine, canRun, t }: { machine: MachineTranslationView; canRun: boolean; t: TransT }) {
  const { mt, polling, notConfigured, running, run } = machine;
  if (mt.contentCn?.trim()) {
    return (
      <Box data-sync-root>
        <NewsText text={mt.contentCn} empty={t('machine.empty')} lang="zh-CN" />
      </Box>
    );
  }
  if (polling) {
    return (
      <Box data-testid="trans-mt-running" sx={{ py: 8, textAlign: 'center', color: 'text.secondary' }}>
        <CircularProgress size={28} />
        <Typography sx={{ mt: 1.5, fontSize: 14 }}>{t('machine.running')}</Typography>
        <Typography variant="caption" color="text.disabled">
          {t('machine.running_hint')}
        </Typography>
      </Box>
    );
  }
  if (notConfigured) return <MtNotConfigured t={t} />;
  const button = (label: string) =>
    canRun && (
      <Button
        size="small"
        variant="contained"
        startIcon={running ? <CircularProgress size={14} color="inherit" /> : <TranslateIcon />}
        disabled={running}
        onClick={() => void run(t('machine.done'))}
        data-testid="trans-mt-run"
      >
        {label}
      </Button>
    );
  if (mt.mtStatus === 'failed') {
    return (
      <Alert severity="error" variant="outlined" sx={{ mt: 2 }} action={button(t('machine.retry'))}>
        {t('machine.failed')}
        {mt.mtError ? `：${mt.mtError}` : ''}
      </Alert>
    );
  }
  return (
    <Box sx={{ textAlign: 'center' }}>
      <TextEmpty text={t('machine.empty')} />
      <Box sx={{ mt: -2 }}>{button(t('machine.run'))}</Box>
    </Box>
  );
}

/** No engine: what it means for the translator, and how an administrator enables it (an information, not an error). */
export function MtNotConfigured({ t }: { t: TransT }) {
  return (
    <Alert severity="info" variant="outlined" sx={{ mt: 2, '& .MuiAlert-message': { display: 'grid', gap: 0.75 } }} data-testid="trans-mt-not-configured">
      <Typography sx={{ fontSize: 14, fontWeight: 600 }}>{t('machine.not_configured')}</Typography>
      <Typography sx={{ fontSize: 13.5 }}>{t('machine.not_configured_body')}</Typography>
      <Typography sx={{ fontSize: 12.5, color: 'text.secondary' }}>{t('machine.not_configured_admin')}</Typography>
    </Alert>
  );
}
