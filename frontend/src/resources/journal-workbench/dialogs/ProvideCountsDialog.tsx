// 供稿统计 (spec §2 "provider counts table", §5): per column and source unit the number of provided
// manuscripts (stored, or by default the journal's copies); editable as whole numbers ≥ 0 while the
// journal is editable, saved with `POST api/productJournalProvide/saveAll`.
import { useState } from 'react';
import { Alert, CircularProgress, Stack, Table, TableBody, TableCell, TableHead, TableRow, TextField, Typography } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { errorMessage, useApiMutation } from '../../shared/hooks';
import { listHeadSx } from '../../shared/ListFrame';
import { workbenchApi, workbenchKeys } from '../api';
import { cellKey, countDrafts, invalidCells, isCount, withCounts } from '../forms';
import type { ProvideColumn, ProvideSaveBody } from '../types';
import type { Workbench } from '../useWorkbench';
import { useWorkbenchText } from '../useWorkbenchText';
import { Frame } from './Frame';

export function ProvideCountsDialog({ wb, open, onClose }: { wb: Workbench; open: boolean; onClose: () => void }) {
  const t = useWorkbenchText();
  const journalId = wb.journalId ?? 0;
  const counts = useQuery({
    queryKey: workbenchKeys.provide(journalId),
    queryFn: ({ signal }) => workbenchApi.provideCounts(wb.productId ?? 0, journalId, signal),
    enabled: open,
    staleTime: 0,
  });
  const [drafts, setDrafts] = useState<Record<string, string>>({});
  const [loaded, setLoaded] = useState<ProvideColumn[] | undefined>(undefined);
  if (counts.data !== loaded) {
    setLoaded(counts.data);
    setDrafts(countDrafts(counts.data ?? []));
  }
  const save = useApiMutation((list: ProvideSaveBody['list']) => workbenchApi.saveProvideCounts({ journal: { id: journalId }, list }), {
    successMessage: t('provide.saved'),
    onSuccess: onClose,
  });
  const editable = wb.access.edit;
  const list = counts.data ?? [];
  const invalid = invalidCells(drafts);

  return (
    <Frame
      open={open}
      title={t('provide.title')}
      onClose={onClose}
      onConfirm={editable && list.length ? () => save.mutate(withCounts(list, drafts)) : undefined}
      confirmLabel={t('provide.save')}
      confirmDisabled={invalid.length > 0 || counts.isFetching}
      saving={save.isPending}
      maxWidth="sm"
      testId="provide-dialog"
    >
      {counts.isError ? (
        <Alert severity="error">{errorMessage(counts.error)}</Alert>
      ) : counts.isPending ? (
        <Stack role="status" direction="row" spacing={1} alignItems="center" justifyContent="center" sx={{ py: 3, color: 'text.secondary' }}>
          <CircularProgress size={18} />
          <Typography variant="body2">{t('provide.loading')}</Typography>
        </Stack>
      ) : list.length === 0 ? (
        <Typography variant="body2" color="text.secondary" sx={{ py: 3, textAlign: 'center' }}>
          {t('provide.empty')}
        </Typography>
      ) : (
        <Table size="small">
          <TableHead>
            <TableRow>
              <TableCell sx={listHeadSx}>{t('provide.col_column')}</TableCell>
              <TableCell sx={listHeadSx}>{t('provide.col_unit')}</TableCell>
              <TableCell sx={{ ...listHeadSx, width: 160 }}>{t('provide.col_count')}</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {list.flatMap((column) =>
              column.list.map((row, i) => {
                const key = cellKey(column.column.id, row.dept.id);
                const text = drafts[key] ?? String(row.provideCount);
                const bad = !isCount(text);
                return (
                  <TableRow key={key}>
                    {i === 0 && (
                      <TableCell rowSpan={column.list.length} sx={{ verticalAlign: 'middle', fontWeight: 600 }}>
                        {column.column.name}
                      </TableCell>
                    )}
                    <TableCell>{row.dept.name}</TableCell>
                    <TableCell>
                      {editable ? (
                        <TextField
                          type="number"
                          size="small"
                          value={text}
                          onChange={(event) => setDrafts((current) => ({ ...current, [key]: event.target.value }))}
                          error={bad}
                          helperText={bad ? t('provide.invalid') : undefined}
                          slotProps={{ htmlInput: { min: 0, step: 1, inputMode: 'numeric', 'aria-label': t('provide.count_label', { column: column.column.name ?? '', unit: row.dept.name ?? '' }) } }}
                        />
                      ) : (
                        row.provideCount
                      )}
                    </TableCell>
                  </TableRow>
                );
              }),
            )}
          </TableBody>
        </Table>
      )}
    </Frame>
  );
}
