// The 发起投票 form: products the caller edits, the period, the candidates preview and the submit.
import { useEffect, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useNotify } from 'react-admin';
import { voteApi, voteKeys } from './api';
import { useVoteText } from './i18n';
import { errorText } from './useVotes';
import { defaultPeriod, isPeriod, parseVotesPerPerson } from './voteRules';

export function useCreateVote(open: boolean, onCreated: (id: number) => void) {
  const t = useVoteText();
  const notify = useNotify();
  const [productId, setProductId] = useState<number | ''>('');
  const [period, setPeriod] = useState(defaultPeriod);
  const [title, setTitle] = useState('');
  const [titleTouched, setTitleTouched] = useState(false);
  const [perPerson, setPerPerson] = useState('3');
  const [submitting, setSubmitting] = useState(false);
  const [submitted, setSubmitted] = useState(false);

  const products = useQuery({ queryKey: voteKeys.products, queryFn: ({ signal }) => voteApi.products(signal), enabled: open, staleTime: 60_000 });
  const ready = productId !== '' && isPeriod(period.startDate, period.endDate);
  const candidates = useQuery({
    queryKey: voteKeys.candidates(Number(productId), period.startDate, period.endDate),
    queryFn: ({ signal }) => voteApi.candidates({ productId: Number(productId), ...period }, signal),
    enabled: open && ready,
    retry: false,
  });
  const productName = products.data?.find((p) => p.id === productId)?.name ?? '';

  // The title follows the product and period until the user writes one.
  useEffect(() => {
    if (!titleTouched && productName) setTitle(t('form.name_default', { product: productName, start: period.startDate, end: period.endDate }));
  }, [titleTouched, productName, period, t]);

  useEffect(() => {
    if (open) return;
    setProductId('');
    setPeriod(defaultPeriod());
    setTitle('');
    setTitleTouched(false);
    setPerPerson('3');
    setSubmitted(false);
  }, [open]);

  const votesPerPerson = parseVotesPerPerson(perPerson);
  const errors = {
    product: submitted && productId === '' ? t('form.product_required') : '',
    title: submitted && !title.trim() ? t('form.name_required') : '',
    perPerson: votesPerPerson === null ? t('form.per_person_invalid', { max: 100 }) : '',
  };

  const submit = async () => {
    setSubmitted(true);
    if (productId === '' || !title.trim() || votesPerPerson === null) return;
    setSubmitting(true);
    try {
      const vote = await voteApi.create({ productId, title: title.trim(), ...period, votesPerPerson });
      notify(t('form.created'), { type: 'success' });
      onCreated(vote.id);
    } catch (error) {
      notify(errorText(error, t('detail.load_failed')), { type: 'error' });
    } finally {
      setSubmitting(false);
    }
  };

  return {
    products,
    candidates,
    ready,
    productId,
    setProductId,
    period,
    setPeriod,
    title,
    setTitle: (value: string) => {
      setTitleTouched(true);
      setTitle(value);
    },
    perPerson,
    setPerPerson,
    errors,
    submitting,
    submit,
  };
}
