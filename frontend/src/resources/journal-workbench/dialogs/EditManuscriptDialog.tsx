// 编辑稿件 (spec §2, §5): 标题, 备注, 供稿 (供稿为必填项), 审稿 (审稿为必填项, several), and the two
// summary boxes: 投稿摘要 read-only (5–7 rows) and 编辑摘要 (8–10 rows). Errors show on blur and on
// 确认; `PUT api/productManuscript` → 编辑成功.
import { useState } from 'react';
import { Stack, TextField } from '@mui/material';
import { horizon } from '../../../theme/theme';
import { useApiMutation } from '../../shared/hooks';
import { ReviewerSelect } from '../../shared/production/ReviewerSelect';
import { workbenchApi } from '../api';
import { editFormOf, type EditField, type EditFormState, toEditBody, validateEdit } from '../forms';
import type { JournalManuscript } from '../types';
import type { Workbench } from '../useWorkbench';
import { useWorkbenchText } from '../useWorkbenchText';
import { Frame } from './Frame';

export interface EditManuscriptDialogProps {
  wb: Workbench;
  row: JournalManuscript | null;
  onClose: () => void;
  onSaved: () => void;
}

const NONE: EditFormState = { title: '', memo: '', firstAuthor: '', authorIds: [], abstractOrigin: '', abstractEdit: '' };

export function EditManuscriptDialog({ wb, row, onClose, onSaved }: EditManuscriptDialogProps) {
  const t = useWorkbenchText();
  const [form, setForm] = useState<EditFormState>(NONE);
  const [touched, setTouched] = useState<Partial<Record<EditField, boolean>>>({});
  const [editing, setEditing] = useState<JournalManuscript | null>(null);
  if (row !== editing) {
    setEditing(row);
    setForm(row ? editFormOf(row) : NONE);
    setTouched({});
  }
  const save = useApiMutation((body: ReturnType<typeof toEditBody>) => workbenchApi.edit(body), {
    successMessage: t('edit.saved'),
    onSuccess: () => {
      onClose();
      onSaved();
    },
  });

  const errors = validateEdit(form);
  const error = (field: EditField) => (touched[field] && errors[field] ? t(errors[field]) : undefined);
  const blur = (field: EditField) => () => setTouched((current) => ({ ...current, [field]: true }));
  const set = <K extends keyof EditFormState>(key: K, value: EditFormState[K]) => setForm((f) => ({ ...f, [key]: value }));
  const confirm = () => {
    setTouched({ title: true, firstAuthor: true, authorIds: true });
    if (row && Object.keys(errors).length === 0) save.mutate(toEditBody(row.id, form));
  };

  return (
    <Frame open={row !== null} title={t('edit.title')} onClose={onClose} onConfirm={confirm} saving={save.isPending} maxWidth="md" testId="edit-dialog">
      <Stack spacing={1.5} sx={{ pt: 0.5 }}>
        <TextField
          label={t('edit.field_title')}
          required
          size="small"
          fullWidth
          value={form.title}
          onChange={(event) => set('title', event.target.value)}
          onBlur={blur('title')}
          error={Boolean(error('title'))}
          helperText={error('title') ?? ' '}
          slotProps={{ htmlInput: { maxLength: 500 } }}
        />
        <TextField
          label={t('edit.provider')}
          required
          size="small"
          fullWidth
          value={form.firstAuthor}
          onChange={(event) => set('firstAuthor', event.target.value)}
          onBlur={blur('firstAuthor')}
          error={Boolean(error('firstAuthor'))}
          helperText={error('firstAuthor') ?? ' '}
        />
        <ReviewerSelect
          users={wb.users}
          loading={!wb.users}
          value={form.authorIds}
          onChange={(ids) => set('authorIds', ids)}
          onBlur={blur('authorIds')}
          error={error('authorIds')}
          texts={{ label: t('edit.reviewer'), placeholder: t('edit.reviewer_placeholder'), noOptions: t('edit.no_users'), loading: t('edit.loading') }}
        />
        <TextField label={t('edit.memo')} size="small" fullWidth multiline minRows={1} maxRows={4} value={form.memo} onChange={(event) => set('memo', event.target.value)} />
        <TextField
          label={t('edit.abstract_origin')}
          size="small"
          fullWidth
          multiline
          minRows={5}
          maxRows={7}
          value={form.abstractOrigin}
          slotProps={{ input: { readOnly: true }, htmlInput: { 'aria-readonly': true } }}
          // read-only: filled, so it does not look like the editable summary below
          sx={{ '& .MuiInputBase-root': { bgcolor: horizon('fill') } }}
        />
        <TextField label={t('edit.abstract_edit')} size="small" fullWidth multiline minRows={8} maxRows={10} value={form.abstractEdit} onChange={(event) => set('abstractEdit', event.target.value)} />
      </Stack>
    </Frame>
  );
}
