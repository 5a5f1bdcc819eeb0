// The dialogs of the workbench, one open at a time (wb.dialog): 选择稿件, 上传稿件, 稿件版本,
// 编辑稿件, 历史版本, 供稿统计, 期刊已生成, and the daily journal picker of 同步日刊.
import type { ComponentType } from 'react';
import { EditManuscriptDialog } from './dialogs/EditManuscriptDialog';
import { GeneratedDialog } from './dialogs/GeneratedDialog';
import { JournalVersionsDialog } from './dialogs/JournalVersionsDialog';
import { ManuscriptVersionsDialog } from './dialogs/ManuscriptVersionsDialog';
import { PickManuscriptsDialog } from './dialogs/PickManuscriptsDialog';
import { ProvideCountsDialog } from './dialogs/ProvideCountsDialog';
import { UploadManuscriptDialog } from './dialogs/UploadManuscriptDialog';
import type { Workbench } from './useWorkbench';
import type { WorkbenchActions } from './useWorkbenchActions';
import type { DailyDialogProps } from './WorkbenchPage';

export interface WorkbenchDialogsProps {
  wb: Workbench;
  actions: WorkbenchActions;
  dailyDialog?: ComponentType<DailyDialogProps>;
}

export function WorkbenchDialogs({ wb, actions, dailyDialog: DailyDialog }: WorkbenchDialogsProps) {
  const { dialog, close } = wb;
  const reload = () => void wb.reload();
  return (
    <>
      <PickManuscriptsDialog wb={wb} column={dialog?.kind === 'pick' ? dialog.column : null} onClose={close} />
      <UploadManuscriptDialog wb={wb} column={dialog?.kind === 'upload' ? dialog.column : null} onClose={close} />
      <ManuscriptVersionsDialog wb={wb} row={dialog?.kind === 'versions' ? dialog.row : null} onClose={close} />
      <EditManuscriptDialog wb={wb} row={dialog?.kind === 'edit' ? dialog.row : null} onClose={close} onSaved={reload} />
      <JournalVersionsDialog wb={wb} open={dialog?.kind === 'journalVersions'} onClose={close} />
      <ProvideCountsDialog wb={wb} open={dialog?.kind === 'provide'} onClose={close} />
      <GeneratedDialog version={dialog?.kind === 'generated' ? dialog.version : null} journalId={wb.journalId} onClose={close} />
      {DailyDialog && (
        <DailyDialog
          open={dialog?.kind === 'daily'}
          multiple
          onClose={close}
          onSelect={(rows) => {
            if (rows.length && !actions.pushDaily.isPending) actions.pushDaily.mutate(rows.map((row) => row.id));
          }}
        />
      )}
    </>
  );
}
