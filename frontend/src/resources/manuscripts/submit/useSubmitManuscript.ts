// The state of the submission dialog: the form and its defaults (supplier, abstract, reviewer, each
// taken once known), the lookups, the validation and 报送 itself. SubmitManuscriptDialog.tsx lays it out.
import { useEffect, useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useNotifyText } from '../../shared/hooks';
import { fetchNewsInfo, newsInfoKey } from '../../shared/newsInfo';
import type { NewsPushDialogProps, PushNews } from '../../shared/newsPush';
import { useSavingAction } from '../../shared/useSavingAction';
import { useManuscriptUser } from '../access';
import { manuscriptKeys, manuscriptsApi } from '../api';
import { plainStart } from '../format';
import { useColumnMap, useProducts, useUsers } from '../lookups';
import {
  FIRST_AUTHOR_MAX,
  initialSubmitForm,
  MEMO_MAX,
  type SubmitFormState,
  type SubmitMode,
  toManyToMany,
  toOneToMany,
  validateSubmit,
} from '../submitForm';
import type { SelectableUser } from '../types';
import { useManuscriptText } from '../useManuscriptText';

/** The reviewer all the items share (by account name), as the default 审稿 of a batch. */
export function commonReviewer(news: readonly Pick<PushNews, 'examineName'>[], users: readonly SelectableUser[]): number[] {
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

const UNTOUCHED = { abstracts: false, reviewer: false, firstAuthor: false };

export function useSubmitManuscript({ open, news: newsProp, onClose, onSubmitted }: NewsPushDialogProps) {
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
  const [touched, setTouched] = useState(UNTOUCHED);

  // Every opening starts afresh (adjusted during render: the first paint already shows the reset form).
  const [wasOpen, setWasOpen] = useState(false);
  if (open !== wasOpen) {
    setWasOpen(open);
    if (open) {
      setForm(initialSubmitForm({ firstAuthor: me.displayName }));
      setShowErrors(false);
      setTouched(UNTOUCHED);
    }
  }

  const products = useProducts(open);
  const columnMap = useColumnMap(open);
  const users = useUsers(open);
  // the single item's department abstract and reviewer (also what the side panel reads)
  const info = useQuery({
    queryKey: newsInfoKey(single?.id ?? 0),
    queryFn: () => fetchNewsInfo(single!.id, me.workDeptId),
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

  /** A change the user made: the field keeps it over any default that arrives later. */
  const edit = (field: keyof typeof UNTOUCHED | 'memo', patch: Partial<SubmitFormState>) => {
    if (field !== 'memo') setTouched((s) => ({ ...s, [field]: true }));
    setForm((f) => ({ ...f, ...patch }));
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

  return {
    t,
    news,
    single,
    form,
    setForm,
    edit,
    saving,
    submit,
    problems,
    showErrors,
    fieldError,
    products,
    columnMap,
    users,
    /** The item's detail is loading and the abstract is still empty. */
    abstractLoading: info.isFetching && !form.abstracts,
  };
}

export type SubmitManuscriptModel = ReturnType<typeof useSubmitManuscript>;
