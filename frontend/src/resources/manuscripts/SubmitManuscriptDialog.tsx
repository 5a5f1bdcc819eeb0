// 报送到产品 (spec news-tracking §2 "Submission dialog", §3, §5): one reviewed news item (or several,
// in batch) submitted as manuscripts to a product and one or more of its columns.
//   single → POST api/manuscript/oneToMany {newsId, productId, productList, firstAuthor, authorIds, abstracts, memo}
//   batch  → POST api/manuscript/manyToMany {newsIds, productId, productList, firstAuthor, authorIds, memo}
//            (same columns and memo for all; the abstract field is hidden: each item's own is used)
// The news lists open it through shared/newsPush.ts; the logic lives in submit/useSubmitManuscript.ts.
import { Alert, Stack, TextField } from '@mui/material';
import type { NewsPushDialogProps } from '../shared/newsPush';
import { DialogFrame } from './DialogFrame';
import { ProductColumnFields } from './ProductColumnFields';
import { ReviewerSelect } from './ReviewerSelect';
import { AbstractField } from './submit/AbstractField';
import { SubmitNewsSummary } from './submit/SubmitNewsSummary';
import { useSubmitManuscript } from './submit/useSubmitManuscript';
import { FIRST_AUTHOR_MAX, MEMO_MAX } from './submitForm';

export type SubmitManuscriptDialogProps = NewsPushDialogProps;

export function SubmitManuscriptDialog(props: SubmitManuscriptDialogProps) {
  const model = useSubmitManuscript(props);
  const { t, news, single, form, setForm, edit, saving, submit, problems, showErrors, fieldError, products, columnMap, users } = model;
  const { open, onClose } = props;

  return (
    <DialogFrame
      open={open}
      title={single ? t('submit.title') : t('submit.title_batch', { count: news.length })}
      onClose={onClose}
      onConfirm={() => void submit()}
      saving={saving}
      confirmDisabled={news.length === 0}
      confirmLabel={t('submit.confirm')}
      testId="submit-manuscript-dialog"
    >
      <Stack spacing={2}>
        <SubmitNewsSummary news={news} single={!!single} t={t} />

        {(products.isError || columnMap.isError) && (
          <Alert severity="error" variant="outlined">
            {t('common.load_failed')}
          </Alert>
        )}

        <ProductColumnFields
          value={form}
          onChange={setForm}
          products={products.data}
          columnMap={columnMap.data}
          loading={products.isPending || columnMap.isPending}
          productError={fieldError('productId')}
          columnError={showErrors && problems.warning ? t(problems.warning) : undefined}
          disabled={saving}
        />

        <TextField
          label={t('form.first_author')}
          required
          size="small"
          fullWidth
          value={form.firstAuthor}
          onChange={(event) => edit('firstAuthor', { firstAuthor: event.target.value })}
          disabled={saving}
          error={Boolean(fieldError('firstAuthor'))}
          helperText={fieldError('firstAuthor') ?? ' '}
          slotProps={{ htmlInput: { maxLength: FIRST_AUTHOR_MAX } }}
        />

        <ReviewerSelect
          users={users.data}
          loading={users.isPending}
          value={form.authorIds}
          onChange={(ids) => edit('reviewer', { authorIds: ids })}
          error={fieldError('authorIds')}
          disabled={saving}
        />

        <AbstractField model={model} />

        <TextField
          label={t('form.memo')}
          multiline
          minRows={2}
          maxRows={6}
          size="small"
          fullWidth
          value={form.memo}
          onChange={(event) => edit('memo', { memo: event.target.value })}
          disabled={saving}
          error={Boolean(fieldError('memo'))}
          helperText={fieldError('memo') ?? `${form.memo.length} / ${MEMO_MAX}`}
          slotProps={{ formHelperText: { sx: { textAlign: fieldError('memo') ? 'left' : 'right', mx: 0 } } }}
        />
      </Stack>
    </DialogFrame>
  );
}
