// 上传稿件: a local .doc/.docx manuscript with its title, supplier, reviewers, unit, abstract, product
// columns and memo. The upload area shows once title, supplier and unit are filled; the file is sent
// at once when picked (one file, .doc/.docx, ≤ 100 MB) with the fields.
import { useEffect, useState } from 'react';
import { Alert, Box, Stack, TextField } from '@mui/material';
import { WordUploadBox } from '../../shared/files';
import { useManuscriptUser } from '../access';
import { DeptPicker } from '../DeptTree';
import { DialogFrame } from '../DialogFrame';
import { useColumnMap, useProducts, useUsers } from '../lookups';
import { ProductColumnFields } from '../ProductColumnFields';
import { ReviewerSelect } from '../ReviewerSelect';
import type { Manuscript } from '../types';
import { FIELD_MAX, initialUploadForm, toUploadFields, UPLOAD_MANU_PATH, uploadAreaShown, type UploadField, type UploadFormState, validateUpload } from '../uploadForm';
import { useManuscriptText } from '../useManuscriptText';

export interface UploadManuscriptDialogProps {
  open: boolean;
  onClose: () => void;
  onUploaded: (manuscript: Manuscript) => void;
}

export function UploadManuscriptDialog({ open, onClose, onUploaded }: UploadManuscriptDialogProps) {
  const t = useManuscriptText();
  const me = useManuscriptUser();
  const [form, setForm] = useState<UploadFormState>(() => initialUploadForm());
  const [showErrors, setShowErrors] = useState(false);
  const [wasOpen, setWasOpen] = useState(false);
  if (open !== wasOpen) {
    setWasOpen(open);
    if (open) {
      setForm(initialUploadForm({ firstAuthor: me.displayName, dept: me.dept ?? null }));
      setShowErrors(false);
    }
  }
  // supplier and unit default to the current user once the identity is known (untouched fields only)
  const myName = me.displayName;
  const myDept = me.dept;
  useEffect(() => {
    if (!open) return;
    setForm((f) => (f.firstAuthor || !myName ? f : { ...f, firstAuthor: myName }));
  }, [open, myName]);
  useEffect(() => {
    if (!open || !myDept) return;
    setForm((f) => (f.dept ? f : { ...f, dept: { id: myDept.id, name: myDept.name } }));
  }, [open, myDept]);
  const products = useProducts(open);
  const columnMap = useColumnMap(open);
  const users = useUsers(open);

  const problems = validateUpload(form);
  const ready = Object.keys(problems.errors).length === 0 && problems.warning === null;
  const areaShown = uploadAreaShown(form);
  const error = (field: UploadField) => {
    const key = showErrors ? problems.errors[field] : undefined;
    if (!key) return undefined;
    return key === 'form.too_long' ? t(key, { max: FIELD_MAX[field as keyof typeof FIELD_MAX] ?? 0 }) : t(key);
  };
  const set = <K extends keyof UploadFormState>(key: K, value: UploadFormState[K]) => setForm((f) => ({ ...f, [key]: value }));

  return (
    <DialogFrame open={open} title={t('upload.title')} onClose={onClose} maxWidth="md" testId="upload-manuscript-dialog">
      <Stack spacing={1.5}>
        <TextField
          label={t('form.title')}
          required
          size="small"
          fullWidth
          value={form.title}
          onChange={(event) => set('title', event.target.value)}
          error={Boolean(error('title'))}
          helperText={error('title') ?? ' '}
          slotProps={{ htmlInput: { maxLength: FIELD_MAX.title } }}
        />
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1.5}>
          <TextField
            label={t('form.first_author')}
            required
            size="small"
            fullWidth
            value={form.firstAuthor}
            onChange={(event) => set('firstAuthor', event.target.value)}
            error={Boolean(error('firstAuthor'))}
            helperText={error('firstAuthor') ?? ' '}
            slotProps={{ htmlInput: { maxLength: FIELD_MAX.firstAuthor } }}
          />
          <DeptPicker label={t('form.dept')} required value={form.dept} onChange={(dept) => set('dept', dept)} error={error('dept')} />
        </Stack>
        <ReviewerSelect users={users.data} loading={users.isPending} value={form.authorIds} onChange={(ids) => set('authorIds', ids)} error={error('authorIds')} />
        <TextField
          label={t('form.abstracts')}
          required
          multiline
          minRows={4}
          maxRows={12}
          size="small"
          fullWidth
          value={form.abstracts}
          onChange={(event) => set('abstracts', event.target.value)}
          error={Boolean(error('abstracts'))}
          helperText={error('abstracts') ?? ' '}
        />
        <ProductColumnFields
          value={form}
          onChange={setForm}
          products={products.data}
          columnMap={columnMap.data}
          loading={products.isPending || columnMap.isPending}
          productError={error('productId')}
          columnError={showErrors && problems.warning ? t(problems.warning) : undefined}
        />
        <TextField
          label={t('form.memo')}
          multiline
          minRows={2}
          maxRows={6}
          size="small"
          fullWidth
          value={form.memo}
          onChange={(event) => set('memo', event.target.value)}
          error={Boolean(error('memo'))}
          helperText={error('memo') ?? ' '}
        />
        {areaShown ? (
          // a click on the (disabled) area of an incomplete form shows what is missing
          <Box onClickCapture={() => !ready && setShowErrors(true)} data-testid="manuscript-upload-area">
            {!ready && showErrors && (
              <Alert severity="warning" variant="outlined" sx={{ mb: 1, py: 0 }}>
                {t('upload.incomplete')}
              </Alert>
            )}
            <WordUploadBox<Manuscript>
              path={UPLOAD_MANU_PATH}
              fields={toUploadFields(form)}
              disabled={!ready}
              label={t('upload.area')}
              onUploaded={(manuscript) => {
                onUploaded(manuscript);
                onClose();
              }}
            />
          </Box>
        ) : (
          <Alert severity="info" variant="outlined" sx={{ py: 0 }} data-testid="manuscript-upload-locked">
            {t('upload.area_locked')}
          </Alert>
        )}
      </Stack>
    </DialogFrame>
  );
}
