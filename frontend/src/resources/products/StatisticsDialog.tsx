// 统计报告 of a product: 选择统计周期 (a date range) and 生成 → an xlsx of the product's manuscripts
// per column and department submitted in the period (`GET api/productJournal/generateStatistic`,
// answering the file's signed path `/files/<capability>/<name>`). Success shows a download link that
// opens `<origin><path>` (no login token needed); failure reads 生成失败，请重试 (spec
// production-admin §4, §8).
import { type FormEvent, useId, useState } from 'react';
import DescriptionOutlined from '@mui/icons-material/DescriptionOutlined';
import {
  Alert,
  Box,
  Button,
  CircularProgress,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  Link,
  Stack,
  TextField,
  Typography,
} from '@mui/material';
import { useLogoutIfAccessDenied } from 'react-admin';
import { rangeProblem } from '../shared/dateRange/range';
import { errorMessage } from '../shared/hooks';
import { formatDate } from '../shared/text';
import { filePathName, openFilePath, productsApi } from './api';
import { useProductText } from './useProductText';

export interface StatisticsDialogProps {
  open: boolean;
  product: { id: number; name: string } | null;
  onClose: () => void;
}

/** The default period: the current month up to today. */
export function defaultStatisticsRange(today: Date): { startDate: string; endDate: string } {
  return { startDate: formatDate(new Date(today.getFullYear(), today.getMonth(), 1)), endDate: formatDate(today) };
}

type Outcome = { kind: 'idle' } | { kind: 'busy' } | { kind: 'done'; path: string } | { kind: 'failed'; message: string };

export function StatisticsDialog({ open, product, onClose }: StatisticsDialogProps) {
  const t = useProductText();
  const titleId = useId();
  const logoutIfAccessDenied = useLogoutIfAccessDenied();
  const [range, setRange] = useState(() => defaultStatisticsRange(new Date()));
  const [outcome, setOutcome] = useState<Outcome>({ kind: 'idle' });

  // each opening starts afresh
  const [wasOpen, setWasOpen] = useState(open);
  if (open !== wasOpen) {
    setWasOpen(open);
    if (open) {
      setRange(defaultStatisticsRange(new Date()));
      setOutcome({ kind: 'idle' });
    }
  }

  const problem = rangeProblem(range);
  const busy = outcome.kind === 'busy';

  const generate = async (event: FormEvent) => {
    event.preventDefault();
    if (problem || !product || busy) return;
    setOutcome({ kind: 'busy' });
    try {
      const path = await productsApi.generateStatistic({ productId: product.id, ...range });
      setOutcome({ kind: 'done', path });
    } catch (error) {
      // an expired session ends as everywhere else; other failures stay in the dialog
      const loggedOut = await logoutIfAccessDenied(error).catch(() => false);
      if (!loggedOut) setOutcome({ kind: 'failed', message: errorMessage(error) });
    }
  };

  const dateField = (key: 'startDate' | 'endDate', label: string, error?: string) => (
    <TextField
      type="date"
      size="small"
      label={label}
      value={range[key]}
      disabled={busy}
      onChange={(event) => {
        setRange((current) => ({ ...current, [key]: event.target.value }));
        if (outcome.kind !== 'busy') setOutcome({ kind: 'idle' });
      }}
      error={Boolean(error)}
      helperText={error ?? ' '}
      slotProps={{ inputLabel: { shrink: true }, htmlInput: { 'aria-label': label } }}
      sx={{ width: 180 }}
    />
  );

  return (
    <Dialog open={open} onClose={busy ? undefined : onClose} aria-labelledby={titleId} fullWidth maxWidth="xs">
      <form onSubmit={(event) => void generate(event)} noValidate>
        <DialogTitle id={titleId}>{t('statistics.title')}</DialogTitle>
        <DialogContent dividers>
          {product && (
            <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
              {t('statistics.product', { name: product.name })}
            </Typography>
          )}
          <Stack direction="row" spacing={1} alignItems="flex-start" useFlexGap flexWrap="wrap">
            {dateField('startDate', t('statistics.start'), problem === 'start_missing' ? t('statistics.start_missing') : problem === 'start_after_end' ? t('statistics.start_after_end') : undefined)}
            {dateField('endDate', t('statistics.end'), problem === 'end_missing' ? t('statistics.end_missing') : undefined)}
          </Stack>
          {outcome.kind === 'done' && (
            <Alert severity="success" icon={<DescriptionOutlined fontSize="inherit" />} sx={{ mt: 1 }}>
              <Box component="span" sx={{ mr: 0.5 }}>
                {t('statistics.ready')}
              </Box>
              <Link component="button" type="button" underline="hover" onClick={() => openFilePath(outcome.path)}>
                {filePathName(outcome.path)}
              </Link>
            </Alert>
          )}
          {outcome.kind === 'failed' && (
            <Alert severity="error" sx={{ mt: 1 }} role="alert">
              {t('statistics.failed')}
              {outcome.message && outcome.message !== t('statistics.failed') && (
                <Typography variant="caption" component="div" color="text.secondary">
                  {outcome.message}
                </Typography>
              )}
            </Alert>
          )}
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose} disabled={busy}>
            {t('statistics.close')}
          </Button>
          <Button type="submit" variant="contained" disabled={busy || Boolean(problem) || !product} startIcon={busy ? <CircularProgress size={16} color="inherit" /> : undefined}>
            {busy ? t('statistics.generating') : t('statistics.generate')}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
