// 期刊编辑 (spec production-admin §2 "Journal editing page", /product/manuscript?productId=&journalId=):
// the title and header buttons, the information strip, one table per column with its copies, and
// the dialogs. State in useWorkbench, writes in useWorkbenchActions, parts in parts/ and dialogs/.
// The daily journal picker of 同步日刊 belongs to the journal screens: the page that mounts this one
// passes it in (`dailyDialog`), as an area imports no other.
import type { ComponentType } from 'react';
import { Alert, Box, Paper } from '@mui/material';
import { Title } from 'react-admin';
import { ColumnSection } from './parts/ColumnSection';
import { InfoStrip } from './parts/InfoStrip';
import { WorkbenchError, WorkbenchMissing, WorkbenchSkeleton } from './parts/PageStates';
import { WorkbenchHeader } from './parts/WorkbenchHeader';
import { WorkbenchDialogs } from './WorkbenchDialogs';
import { useWorkbench } from './useWorkbench';
import { useWorkbenchActions } from './useWorkbenchActions';
import { useWorkbenchText } from './useWorkbenchText';

/** The daily journal picker (journals' DailyJournalDialog): several rows, handed back on 确认. */
export interface DailyDialogProps {
  open: boolean;
  onClose: () => void;
  onSelect: (rows: Array<{ id: number }>) => void;
  multiple?: boolean;
}

export interface WorkbenchPageProps {
  dailyDialog?: ComponentType<DailyDialogProps>;
}

export function WorkbenchPage({ dailyDialog }: WorkbenchPageProps) {
  const t = useWorkbenchText();
  const wb = useWorkbench();
  const actions = useWorkbenchActions(wb);
  const journal = wb.journal;
  const title = journal
    ? t('page.issue', { product: journal.product?.name ?? wb.product?.name ?? '', year: journal.year, no: journal.journalNo })
    : t('page.title');

  return (
    <Box sx={{ p: { xs: 1, sm: 2 } }} data-testid="workbench-page">
      <Title title={title} />
      <Paper variant="outlined" sx={{ p: { xs: 1.5, sm: 2 }, borderRadius: 1.5 }}>
        {wb.journalId === null ? (
          <WorkbenchMissing />
        ) : wb.info.isPending ? (
          <WorkbenchSkeleton />
        ) : !journal ? (
          <WorkbenchError error={wb.info.error} onRetry={() => void wb.info.refetch()} />
        ) : (
          <>
            <WorkbenchHeader wb={wb} actions={actions} title={title} canSyncDaily={Boolean(dailyDialog)} />
            <InfoStrip wb={wb} />
            {!wb.access.edit && !wb.access.done && (
              <Alert severity="info" variant="outlined" sx={{ mb: 2, py: 0 }}>
                {t('page.read_only')}
              </Alert>
            )}
            {wb.columns.length === 0 && <Alert severity="info">{t('column.no_columns')}</Alert>}
            {wb.columns.map((column) => (
              <ColumnSection key={column.id} wb={wb} actions={actions} column={column} />
            ))}
            <WorkbenchDialogs wb={wb} actions={actions} dailyDialog={dailyDialog} />
          </>
        )}
      </Paper>
    </Box>
  );
}
