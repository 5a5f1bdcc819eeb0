// 报送到产品 (spec news-tracking §2 "Submission dialog", §3, §5): one reviewed news item (or several,
// in batch) submitted as manuscripts to a product and one or more of its columns.
//   single → POST api/manuscript/oneToMany {newsId, productId, productList, firstAuthor, authorIds, abstracts, memo}
//   batch  → POST api/manuscript/manyToMany {newsIds, productId, productList, firstAuthor, authorIds, memo}
//            (same columns and memo for all; the abstract field is hidden: each item's own is used)
import { useEffect, useState } from 'react';
import { Alert, Box, CircularProgress, Stack, TextField, Typography } from '@mui/material';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { newsApi, newsKeys } from '../news/api';
import type { NewsRow } from '../news/types';
import { useNotifyText } from '../shared/hooks';
import { useSavingAction } from '../shared/useSavingAction';
import { useManuscriptUser } from './access';
import { manuscriptKeys, manuscriptsApi } from './api';
import { DialogFrame } from './DialogFrame';
import { plainStart } from './format';
import { useColumnMap, useProducts, useUsers } from './lookups';
import { ProductColumnFields } from './ProductColumnFields';
import { ReviewerSelect } from './ReviewerSelect';
import {
  FIRST_AUTHOR_MAX,
  initialSubmitForm,
  MEMO_MAX,
  type SubmitFormState,
  type SubmitMode,
  toManyToMany,
  toOneToMany,
  validateSubmit,
} from './submitForm';
import type { SelectableUser } from './types';
import { useManuscriptText } from './useManuscriptText';
import { horizon } from '../../theme/theme';

export type SubmitNews = Pick<NewsRow, 'id' | 'title' | 'titleCn' | 'examineName'>;

export interface SubmitManuscriptDialogProps {
  open: boolean;
  /** One item: a single submission; several: a batch. */
  news: readonly SubmitNews[];
  onClose: () => void;
  /** After 投稿成功, with the number of manuscripts created. */
  onSubmitted?: (count: number) => void;
}

/** The reviewer all the items share (by account name), as the default 审稿 of a batch. */
export function commonReviewer(news: readonly Pick<SubmitNews, 'examineName'>[], users: readonly SelectableUser[]): number[] {
  const names = new Set(news.map((n) => n.examineName ?? ''));
  if (names.size !== 1) return [];
  const [name] = [...names];
  if (!name) return [];
  const user = users.find((u) => u.username === name) ?? users.find((u) => u.nickName === name);
  return user ? [user.id] : [];
}

/** Keeps the last items while the dialog fades out (the caller clears them on close). */
function useWhileOpen<T>(open: boolean, value: T): T {
  const [last, setLast] = useState(value);
  if (open && last !== value) setLast(value);
  return open ? value : last;
}

export function SubmitManuscriptDialog({ open, news: newsProp, onClose, onSubmitted }: SubmitManuscriptDialogProps) {
  const t = useManuscriptText();
  const notify = useNotifyText();
  const queryClient = useQueryClient();
  const me = useManuscriptUser();
  const news = useWhileOpen(open, newsProp);
  const mode: SubmitMode = news.length > 1 ? 'batch' : 'single';
  const single = mode === 'single' ? news[0] : undefined;

  const [form, setForm] = useState<SubmitFormState>(() => initialSubmitForm());
  const [showErrors, setShowErrors] = useState(false);
  const { saving, run } = useSavingAction();
  const [touched, setTouched] = useState({ abstracts: false, reviewer: false, firstAuthor: false });

  // Every opening starts afresh (adjusted during render: the first paint already shows the reset form).
  const [wasOpen, setWasOpen] = useState(false);
  if (open !== wasOpen) {
    setWasOpen(open);
    if (open) {
      setForm(initialSubmitForm({ firstAuthor: me.displayName }));
      setShowErrors(false);
      setTouched({ abstracts: false, reviewer: false, firstAuthor: false });
    }
  }

  const products = useProducts(open);
  const columnMap = useColumnMap(open);
  const users = useUsers(open);
  // the single item's department abstract and reviewer (also what the side panel reads)
  const info = useQuery({
    queryKey: newsKeys.info(single?.id ?? 0),
    queryFn: () => newsApi.info(single!.id, me.workDeptId),
    enabled: open && !!single && me.ready,
    staleTime: 30_000,
  });

  // the supplier defaults to the current user's name, once it is known
  useEffect(() => {
    if (!open || touched.firstAuthor || !me.displayName) return;
    setForm((f) => (f.firstAuthor ? f : { ...f, firstAuthor: me.displayName }));
  }, [open, me.displayName, touched.firstAuthor]);

  // the abstract is prefilled from the item: its department abstract, else the start of its translation
  const infoData = info.data;
  useEffect(() => {
    if (!open || !single || touched.abstracts || !infoData || infoData.id !== single.id) return;
    const prefill = infoData.abstracts?.trim() || plainStart(infoData.contentTrans);
    if (prefill) setForm((f) => (f.abstracts ? f : { ...f, abstracts: prefill }));
  }, [open, single, infoData, touched.abstracts]);

  // the reviewer defaults to the item's reviewer (a batch: the reviewer all items share)
  const userList = users.data;
  useEffect(() => {
    if (!open || touched.reviewer || !userList) return;
    let ids: number[] = [];
    if (single) {
      if (!infoData || infoData.id !== single.id) return;
      const examineId = infoData.examineId;
      ids = examineId && userList.some((u) => u.id === examineId) ? [examineId] : commonReviewer([single], userList);
    } else {
      ids = commonReviewer(news, userList);
    }
    if (ids.length) setForm((f) => (f.authorIds.length ? f : { ...f, authorIds: ids }));
  }, [open, single, news, infoData, userList, touched.reviewer]);

  const problems = validateSubmit(form, mode);
  const fieldError = (field: keyof typeof problems.errors) => {
    const key = showErrors ? problems.errors[field] : undefined;
    if (!key) return undefined;
    return key === 'form.too_long' ? t(key, { max: field === 'memo' ? MEMO_MAX : FIRST_AUTHOR_MAX }) : t(key);
  };

  const submit = async () => {
    setShowErrors(true);
    if (Object.keys(problems.errors).length) return;
    if (problems.warning) {
      notify(t(problems.warning), 'warning');
      return;
    }
    await run(
      async () => {
        if (single) {
          await manuscriptsApi.oneToMany(toOneToMany(form, single.id));
          return 1;
        }
        const answer = await manuscriptsApi.manyToMany(toManyToMany(form, news.map((n) => n.id)));
        return answer?.count ?? news.length;
      },
      (count) => (single ? t('submit.success') : t('submit.success_batch', { count })),
      (count) => {
        void queryClient.invalidateQueries({ queryKey: manuscriptKeys.all });
        onSubmitted?.(count);
        onClose();
      },
    );
  };

  const lookupsLoading = products.isPending || columnMap.isPending;
  const lookupsFailed = products.isError || columnMap.isError;

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
        <Box sx={{ px: 1.5, py: 1, bgcolor: horizon('fill'), borderRadius: 1, borderLeft: 3, borderColor: 'primary.main' }} data-testid="submit-news">
          <Typography variant="caption" color="text.secondary" component="div" sx={{ mb: 0.25 }}>
            {single ? t('submit.news') : t('submit.news_count', { count: news.length })}
          </Typography>
          {news.slice(0, 5).map((item) => (
            <Typography key={item.id} variant="body2" sx={{ fontWeight: 500, overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' }} title={item.titleCn || item.title}>
              {item.titleCn || item.title}
            </Typography>
          ))}
          {news.length > 5 && (
            <Typography variant="caption" color="text.secondary">
              …
            </Typography>
          )}
        </Box>

        {lookupsFailed && (
          <Alert severity="error" variant="outlined">
            {t('common.load_failed')}
          </Alert>
        )}

        <ProductColumnFields
          value={form}
          onChange={setForm}
          products={products.data}
          columnMap={columnMap.data}
          loading={lookupsLoading}
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
          onChange={(event) => {
            setTouched((s) => ({ ...s, firstAuthor: true }));
            setForm((f) => ({ ...f, firstAuthor: event.target.value }));
          }}
          disabled={saving}
          error={Boolean(fieldError('firstAuthor'))}
          helperText={fieldError('firstAuthor') ?? ' '}
          slotProps={{ htmlInput: { maxLength: FIRST_AUTHOR_MAX } }}
        />

        <ReviewerSelect
          users={users.data}
          loading={users.isPending}
          value={form.authorIds}
          onChange={(ids) => {
            setTouched((s) => ({ ...s, reviewer: true }));
            setForm((f) => ({ ...f, authorIds: ids }));
          }}
          error={fieldError('authorIds')}
          disabled={saving}
        />

        {single ? (
          <TextField
            label={t('form.abstracts')}
            required
            multiline
            minRows={4}
            maxRows={12}
            size="small"
            fullWidth
            value={form.abstracts}
            onChange={(event) => {
              setTouched((s) => ({ ...s, abstracts: true }));
              setForm((f) => ({ ...f, abstracts: event.target.value }));
            }}
            disabled={saving}
            error={Boolean(fieldError('abstracts'))}
            helperText={fieldError('abstracts') ?? (info.isFetching && !form.abstracts ? t('submit.loading_news') : ' ')}
            slotProps={{
              input: {
                endAdornment: info.isFetching && !form.abstracts ? <CircularProgress size={16} sx={{ alignSelf: 'flex-start', mt: 0.5 }} /> : undefined,
              },
            }}
          />
        ) : (
          <Alert severity="info" variant="outlined" sx={{ py: 0 }}>
            {t('form.abstracts_batch')}
          </Alert>
        )}

        <TextField
          label={t('form.memo')}
          multiline
          minRows={2}
          maxRows={6}
          size="small"
          fullWidth
          value={form.memo}
          onChange={(event) => setForm((f) => ({ ...f, memo: event.target.value }))}
          disabled={saving}
          error={Boolean(fieldError('memo'))}
          helperText={fieldError('memo') ?? `${form.memo.length} / ${MEMO_MAX}`}
          slotProps={{ formHelperText: { sx: { textAlign: fieldError('memo') ? 'left' : 'right', mx: 0 } } }}
        />
      </Stack>
    </DialogFrame>
  );
}
