// The journal's state in the header (spec §2, §4): 提交审核 (only with a version), 已提交 (disabled
// information while submitted), 定稿 (confirm 定稿后不可修改，请再次确认), 更正版 (when done).
import { Button, Tooltip } from '@mui/material';
import { statusMoves } from '../access';
import type { Workbench } from '../useWorkbench';
import type { WorkbenchActions } from '../useWorkbenchActions';
import { useWorkbenchText } from '../useWorkbenchText';
import { ConfirmPopoverButton } from './ConfirmPopoverButton';

const LABEL = { submit: 'header.submit', done: 'header.done', review: 'header.review' } as const;
const QUESTION = { submit: 'header.submit_confirm', done: 'header.done_confirm', review: 'header.review_confirm' } as const;
const COLOR = { submit: 'primary', done: 'success', review: 'warning' } as const;

export function StatusActions({ wb, actions }: { wb: Workbench; actions: WorkbenchActions }) {
  const t = useWorkbenchText();
  const status = wb.journal?.status;
  const moves = wb.access.moveStatus ? statusMoves(status, wb.versions.length) : [];
  return (
    <>
      {status === 'submit' && (
        <Tooltip title={t('header.submitted_hint')}>
          <span>
            <Button size="small" variant="outlined" disabled>
              {t('header.submitted')}
            </Button>
          </span>
        </Tooltip>
      )}
      {moves.map((move) => (
        <ConfirmPopoverButton
          key={move}
          label={t(LABEL[move])}
          question={t(QUESTION[move])}
          color={COLOR[move]}
          contained
          disabled={actions.moveStatus.isPending}
          onConfirm={() => actions.moveStatus.mutate(move)}
        />
      ))}
    </>
  );
}
