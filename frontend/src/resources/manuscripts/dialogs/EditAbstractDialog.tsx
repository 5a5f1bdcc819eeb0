// 修改摘要 (`PUT api/manuscript/updateAbstracts`); the editor grows up to 30 rows (spec §9).
import { useState } from 'react';
import { Stack, TextField, Typography } from '@mui/material';
import { useSavingAction } from '../../shared/useSavingAction';
import { manuscriptsApi } from '../api';
import { DialogFrame } from '../DialogFrame';
import type { Manuscript } from '../types';
import { useManuscriptText } from '../useManuscriptText';

export interface EditAbstractDialogProps {
  manuscript: Manuscript | null;
  onClose: () => void;
  onSaved: () => void;
}

export function EditAbstractDialog({ manuscript, onClose, onSaved }: EditAbstractDialogProps) {
  const t = useManuscriptText();
  const [text, setText] = useState(manuscript?.abstracts ?? '');
  const [forId, setForId] = useState<number | null>(manuscript?.id ?? null);
  const [showErrors, setShowErrors] = useState(false);
  const { saving, run } = useSavingAction();
  if (manuscript && manuscript.id !== forId) {
    setForId(manuscript.id);
    setText(manuscript.abstracts ?? '');
    setShowErrors(false);
  }
  const missing = !text.trim();

  const save = async () => {
    if (!manuscript) return;
    setShowErrors(true);
    if (missing) return;
    await run(() => manuscriptsApi.updateAbstracts(manuscript.id, text.trim()), t('edit_abstract.success'), () => {
      onSaved();
      onClose();
    });
  };

  return (
    <DialogFrame open={manuscript !== null} title={t('edit_abstract.title')} onClose={onClose} onConfirm={() => void save()} saving={saving} maxWidth="md" testId="edit-abstract-dialog">
      <Stack spacing={1.5}>
        {manuscript && (
          <Typography variant="body2" sx={{ fontWeight: 600 }}>
            {manuscript.title}
          </Typography>
        )}
        <TextField
          label={t('form.abstracts')}
          required
          multiline
          minRows={8}
          maxRows={30}
          fullWidth
          size="small"
          value={text}
          onChange={(event) => setText(event.target.value)}
          disabled={saving}
          error={showErrors && missing}
          helperText={showErrors && missing ? t('form.abstracts_required') : ' '}
        />
      </Stack>
    </DialogFrame>
  );
}
