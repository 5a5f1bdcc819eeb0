// 上传稿件 into a column (spec §2 "import/upload manuscript", §5): title, 供稿, unit tree, 备注; the
// upload area appears only once title, 供稿 and unit are set; the .doc/.docx (≤ 100 MB) is sent as
// soon as it is picked, with a progress bar. 同时投稿到稿件库 sends it through `uploadManuAndManu`.
import { useEffect, useState } from 'react';
import { Alert, Box, Checkbox, FormControlLabel, Stack, TextField } from '@mui/material';
import { useGetIdentity } from 'react-admin';
import type { HorizonIdentity } from '../../../providers/authProvider';
import { WordUploadBox } from '../../shared/files';
import { DeptPicker, type UnitTreeTexts } from '../../shared/production/UnitTree';
import { UPLOAD_MANU_AND_MANU_PATH, UPLOAD_MANU_PATH } from '../api';
import { toUploadFields, uploadAreaShown, type UploadFormState } from '../forms';
import type { JournalColumn } from '../types';
import type { Workbench } from '../useWorkbench';
import { useWorkbenchText } from '../useWorkbenchText';
import { Frame } from './Frame';

const EMPTY: UploadFormState = { title: '', firstAuthor: '', dept: null, memo: '', toPool: false };

export function UploadManuscriptDialog({ wb, column, onClose }: { wb: Workbench; column: JournalColumn | null; onClose: () => void }) {
  const t = useWorkbenchText();
  const open = column !== null;
  const { identity } = useGetIdentity();
  const me = (identity as HorizonIdentity | undefined)?.user;
  const myName = me?.nickName || me?.username || '';
  const myDept = me?.dept && typeof me.dept.id === 'number' ? { id: me.dept.id, name: me.dept.name } : null;
  const [form, setForm] = useState<UploadFormState>(EMPTY);
  const [openFor, setOpenFor] = useState<number | null>(null);
  if ((column?.id ?? null) !== openFor) {
    setOpenFor(column?.id ?? null);
    setForm({ ...EMPTY, firstAuthor: myName, dept: myDept });
  }
  // the provider and unit default to the caller once the identity is known (untouched fields only)
  useEffect(() => {
    if (open && myName) setForm((f) => (f.firstAuthor ? f : { ...f, firstAuthor: myName }));
  }, [open, myName]);
  const myDeptId = myDept?.id;
  const myDeptName = myDept?.name;
  useEffect(() => {
    if (open && myDeptId !== undefined) setForm((f) => (f.dept ? f : { ...f, dept: { id: myDeptId, name: myDeptName } }));
  }, [open, myDeptId, myDeptName]);

  const set = <K extends keyof UploadFormState>(key: K, value: UploadFormState[K]) => setForm((f) => ({ ...f, [key]: value }));
  const unitTexts: UnitTreeTexts = {
    loading: t('upload.unit_loading'),
    empty: t('upload.unit_empty'),
    failed: (message) => t('upload.unit_failed', { message }),
    retry: t('upload.unit_retry'),
    loadFailed: t('upload.unit_load_failed'),
  };
  const missing = (value: boolean, key: 'upload.title_required' | 'upload.author_required' | 'upload.unit_required') => (value ? undefined : t(key));
  const touched = form.title !== '' || form.memo !== '';

  return (
    <Frame open={open} title={t('upload.title', { column: column?.name ?? '' })} onClose={onClose} maxWidth="sm" testId="upload-dialog">
      <Stack spacing={1.5}>
        <TextField
          label={t('upload.field_title')}
          required
          size="small"
          fullWidth
          value={form.title}
          onChange={(event) => set('title', event.target.value)}
          error={touched && !form.title.trim()}
          helperText={(touched && missing(Boolean(form.title.trim()), 'upload.title_required')) || ' '}
          slotProps={{ htmlInput: { maxLength: 500 } }}
        />
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1.5}>
          <TextField
            label={t('upload.author')}
            required
            size="small"
            fullWidth
            value={form.firstAuthor}
            onChange={(event) => set('firstAuthor', event.target.value)}
            error={!form.firstAuthor.trim()}
            helperText={missing(Boolean(form.firstAuthor.trim()), 'upload.author_required') ?? ' '}
          />
          <DeptPicker label={t('upload.unit')} required value={form.dept} onChange={(dept) => set('dept', dept)} error={missing(form.dept !== null, 'upload.unit_required')} texts={unitTexts} />
        </Stack>
        <TextField label={t('upload.memo')} multiline minRows={2} maxRows={6} size="small" fullWidth value={form.memo} onChange={(event) => set('memo', event.target.value)} />
        <FormControlLabel control={<Checkbox size="small" checked={form.toPool} onChange={(event) => set('toPool', event.target.checked)} />} label={t('upload.to_pool')} />
        {uploadAreaShown(form) && column ? (
          <Box data-testid="upload-area">
            <WordUploadBox
              path={form.toPool ? UPLOAD_MANU_AND_MANU_PATH : UPLOAD_MANU_PATH}
              fields={toUploadFields(wb.journalId ?? 0, column.id, form)}
              label={t('upload.area')}
              onUploaded={() => {
                onClose();
                void wb.reload();
              }}
            />
          </Box>
        ) : (
          <Alert severity="info" variant="outlined" sx={{ py: 0 }} data-testid="upload-locked">
            {t('upload.locked')}
          </Alert>
        )}
      </Stack>
    </Frame>
  );
}
