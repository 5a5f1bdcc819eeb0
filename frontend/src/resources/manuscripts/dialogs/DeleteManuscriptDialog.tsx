// 删除 with a confirmation (spec production-admin §5): `DELETE api/manuscript [id]`.
import { useState } from 'react';
import { Typography } from '@mui/material';
import { useSavingAction } from '../../shared/useSavingAction';
import { manuscriptsApi } from '../api';
import { DialogFrame } from '../DialogFrame';
import type { Manuscript } from '../types';
import { useManuscriptText } from '../useManuscriptText';

export interface DeleteManuscriptDialogProps {
  manuscript: Manuscript | null;
  onClose: () => void;
  onDeleted: () => void;
}

export function DeleteManuscriptDialog({ manuscript, onClose, onDeleted }: DeleteManuscriptDialogProps) {
  const t = useManuscriptText();
  const { saving, run } = useSavingAction();
  const [last, setLast] = useState(manuscript);
  if (manuscript && manuscript !== last) setLast(manuscript);
  const shown = manuscript ?? last;

  const remove = async () => {
    if (!manuscript) return;
    await run(() => manuscriptsApi.remove([manuscript.id]), t('remove.success'), () => {
      onDeleted();
      onClose();
    });
  };

  return (
    <DialogFrame
      open={manuscript !== null}
      title={t('remove.title')}
      onClose={onClose}
      onConfirm={() => void remove()}
      saving={saving}
      confirmColor="error"
      confirmLabel={t('actions.delete')}
      maxWidth="xs"
      testId="delete-manuscript-dialog"
    >
      <Typography variant="body2">{t('remove.confirm', { title: shown?.title ?? '' })}</Typography>
    </DialogFrame>
  );
}
