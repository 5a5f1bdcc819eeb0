// 摘要 of the submission dialog: editable for one item (prefilled from its detail), a note for a batch
// (each item's own abstract is used).
import { Alert, CircularProgress, TextField } from '@mui/material';
import type { SubmitManuscriptModel } from './useSubmitManuscript';

export function AbstractField({ model }: { model: SubmitManuscriptModel }) {
  const { t, single, form, edit, saving, fieldError, abstractLoading } = model;
  if (!single) {
    return (
      <Alert severity="info" variant="outlined" sx={{ py: 0 }}>
        {t('form.abstracts_batch')}
      </Alert>
    );
  }
  return (
    <TextField
      label={t('form.abstracts')}
      required
      multiline
      minRows={4}
      maxRows={12}
      size="small"
      fullWidth
      value={form.abstracts}
      onChange={(event) => edit('abstracts', { abstracts: event.target.value })}
      disabled={saving}
      error={Boolean(fieldError('abstracts'))}
      helperText={fieldError('abstracts') ?? (abstractLoading ? t('submit.loading_news') : ' ')}
      slotProps={{
        input: {
          endAdornment: abstractLoading ? <CircularProgress size={16} sx={{ alignSelf: 'flex-start', mt: 0.5 }} /> : undefined,
        },
      }}
    />
  );
}
