// 今日投稿统计 (admins): manuscripts created on a day per product and unit
// (`GET api/manuscript/calculate?date=yyyy-MM-dd`, default today).
import { useState } from 'react';
import { Alert, Box, Button, Chip, CircularProgress, Stack, Table, TableBody, TableCell, TableContainer, TableHead, TableRow, TextField, Typography } from '@mui/material';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { errorMessage } from '../../shared/hooks';
import { formatDate } from '../../shared/text';
import { manuscriptKeys, manuscriptsApi } from '../api';
import { DialogFrame } from '../DialogFrame';
import { useManuscriptText } from '../useManuscriptText';
import { line } from '../../../theme/theme';

export interface DailyStatsDialogProps {
  open: boolean;
  onClose: () => void;
}

const DAY = /^\d{4}-\d{2}-\d{2}$/;

export function DailyStatsDialog({ open, onClose }: DailyStatsDialogProps) {
  const t = useManuscriptText();
  const [date, setDate] = useState(() => formatDate(new Date()));
  const [wasOpen, setWasOpen] = useState(open);
  if (open !== wasOpen) {
    setWasOpen(open);
    if (open) setDate(formatDate(new Date()));
  }
  const valid = DAY.test(date);
  const stats = useQuery({
    queryKey: manuscriptKeys.calculate(date),
    queryFn: ({ signal }) => manuscriptsApi.calculate(date, signal),
    enabled: open && valid,
    placeholderData: keepPreviousData,
    staleTime: 0,
    retry: false,
  });
  const rows = stats.data ?? [];
  const sum = rows.reduce((n, row) => n + (row.total ?? 0), 0);

  return (
    <DialogFrame open={open} title={t('stats.title')} onClose={onClose} maxWidth="md" testId="daily-stats-dialog">
      <Stack spacing={1.5}>
        <Stack direction="row" spacing={1.5} alignItems="center">
          <TextField
            type="date"
            size="small"
            label={t('stats.date')}
            value={date}
            onChange={(event) => setDate(event.target.value)}
            slotProps={{ inputLabel: { shrink: true } }}
            sx={{ width: 180 }}
          />
          {stats.isFetching && <CircularProgress size={16} />}
          {stats.isSuccess && (
            <Typography variant="body2" color="text.secondary" data-testid="daily-stats-sum">
              {t('stats.sum', { count: sum })}
            </Typography>
          )}
        </Stack>
        {stats.isError ? (
          <Alert
            severity="error"
            variant="outlined"
            action={
              <Button color="inherit" size="small" onClick={() => void stats.refetch()}>
                {t('common.retry')}
              </Button>
            }
          >
            {errorMessage(stats.error)}
          </Alert>
        ) : (
          <TableContainer sx={{ border: line(), borderRadius: 1, maxHeight: '55vh' }}>
            <Table size="small" stickyHeader>
              <TableHead>
                <TableRow>
                  <TableCell sx={{ width: 200 }}>{t('stats.product')}</TableCell>
                  <TableCell sx={{ width: 80 }} align="right">
                    {t('stats.total')}
                  </TableCell>
                  <TableCell>{t('stats.by_dept')}</TableCell>
                </TableRow>
              </TableHead>
              <TableBody>
                {stats.isPending ? (
                  <TableRow>
                    <TableCell colSpan={3} sx={{ border: 0, py: 4, textAlign: 'center', color: 'text.secondary' }}>
                      {t('common.loading')}
                    </TableCell>
                  </TableRow>
                ) : rows.length === 0 ? (
                  <TableRow>
                    <TableCell colSpan={3} sx={{ border: 0 }}>
                      <Box sx={{ py: 4, textAlign: 'center', color: 'text.secondary' }} data-testid="daily-stats-empty">
                        {t('stats.empty')}
                      </Box>
                    </TableCell>
                  </TableRow>
                ) : (
                  rows.map((row, i) => (
                    <TableRow key={row.product?.id ?? `p${i}`}>
                      <TableCell>{row.product?.name ?? '—'}</TableCell>
                      <TableCell align="right" sx={{ fontWeight: 600 }}>
                        {row.total}
                      </TableCell>
                      <TableCell>
                        <Stack direction="row" spacing={0.75} useFlexGap flexWrap="wrap">
                          {row.counts.map((c, j) => (
                            <Chip key={c.dept?.id ?? `d${j}`} size="small" variant="outlined" label={t('stats.count', { name: c.dept?.name ?? '—', count: c.count })} />
                          ))}
                        </Stack>
                      </TableCell>
                    </TableRow>
                  ))
                )}
              </TableBody>
            </Table>
          </TableContainer>
        )}
      </Stack>
    </DialogFrame>
  );
}
