// 新增期刊 / 编辑期刊 (spec production-admin §2 "Journal form and list", §5): product, year, issue
// number, total number, issue date, responsible editors, memo. Picking a product fills year, total
// number and issue number with the product's next issue (`GET api/productJournal/getMaxTotalNo`).
// The picker lists only the products whose journals the caller may write (`productSetting/all?editable=true`).
import { type ChangeEvent, useEffect, useMemo, useState } from 'react';
import { Stack } from '@mui/material';
import { DateInput, NumberInput, type RaRecord, SelectInput, TextInput } from 'react-admin';
import { useFormContext } from 'react-hook-form';
import { useEditableProductChoices } from '../shared/production/choices';
import { EditorsInput } from '../shared/production/EditorsInput';
import { FormDialog } from '../shared/FormDialog';
import { errorMessage } from '../shared/hooks';
import { useCreateOrUpdate } from '../shared/useCreateOrUpdate';
import { journalKeys, journalsApi } from './api';
import {
  emptyJournalForm,
  formValuesToJournal,
  type JournalFormValues,
  journalToFormValues,
  parseNextIssue,
  validateJournalForm,
} from './journalForm';
import type { Journal } from './types';
import { useJournalText } from './useJournalText';

export interface JournalFormDialogProps {
  open: boolean;
  /** The journal being edited; `null` adds one. */
  journal: Journal | null;
  /** The product a new journal starts with (the list's product filter). */
  defaultProductId?: number | null;
  onClose: () => void;
}

/** The product select (the products the caller may write journals for); a pick fills the next issue's numbers. */
function ProductPicker({ current, fillOnOpen }: { current?: { id: number; name: string } | null; fillOnOpen: boolean }) {
  const t = useJournalText();
  const { setValue, getValues } = useFormContext<JournalFormValues>();
  const products = useEditableProductChoices();
  const [problem, setProblem] = useState<string | null>(null);
  const [loading, setLoading] = useState(false);

  const choices = useMemo(() => {
    const list = (products.data ?? []).map((product) => ({ id: product.id, name: product.name }));
    // the journal's product is shown even when the choice list does not offer it
    return current && !list.some((product) => product.id === current.id) ? [{ id: current.id, name: current.name }, ...list] : list;
  }, [products.data, current]);

  const fill = async (productId: number) => {
    setProblem(null);
    setLoading(true);
    try {
      const next = parseNextIssue(await journalsApi.maxTotalNo(productId));
      if (next) {
        const options = { shouldDirty: true, shouldValidate: true } as const;
        setValue('year', next.year, options);
        setValue('totalNo', next.totalNo, options);
        setValue('journalNo', next.journalNo, options);
      }
    } catch (error) {
      setProblem(t('form.next_issue_failed', { message: errorMessage(error) }));
    } finally {
      setLoading(false);
    }
  };

  // a new journal that starts with a product (the list's filter) gets its numbers at once
  useEffect(() => {
    const productId = getValues('productId');
    if (fillOnOpen && productId) void fill(productId);
    // once, when the dialog opens
  }, []);

  return (
    <SelectInput
        source="productId"
        label={t('form.product')}
        choices={choices}
        isPending={products.isPending}
        isRequired
        fullWidth
        parse={(value: unknown) => (value === '' || value === null || value === undefined ? null : Number(value))}
        helperText={problem ?? (loading ? t('form.loading') : t('form.next_issue_hint'))}
        onChange={(event: ChangeEvent<HTMLInputElement> | RaRecord) => {
          const id = Number('target' in event ? event.target.value : event.id);
          if (Number.isInteger(id) && id > 0) void fill(id);
        }}
      />
  );
}

export function JournalFormDialog({ open, journal, defaultProductId = null, onClose }: JournalFormDialogProps) {
  const t = useJournalText();
  const values = useMemo(() => (journal ? journalToFormValues(journal) : emptyJournalForm(defaultProductId)), [journal, defaultProductId]);
  const messages = useMemo(
    () => ({
      productRequired: t('form.product_required'),
      planPublishTimeRequired: t('form.plan_publish_required'),
      yearRequired: t('form.year_required'),
      journalNoRequired: t('form.journal_no_required'),
      positiveInteger: t('form.positive_integer'),
    }),
    [t],
  );

  const save = useCreateOrUpdate(journalsApi, { invalidate: journalKeys.all, createdMessage: t('form.created'), updatedMessage: t('form.updated'), onSaved: onClose });

  return (
    <FormDialog<JournalFormValues>
      open={open}
      title={journal ? t('form.title_edit') : t('form.title_add')}
      values={values}
      validate={(v) => validateJournalForm(v as JournalFormValues, messages)}
      onSubmit={(v) => save.mutate(formValuesToJournal(v))}
      onClose={onClose}
      saving={save.isPending}
    >
      <ProductPicker current={journal?.product} fillOnOpen={!journal} />
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={{ xs: 0, sm: 2 }}>
        <NumberInput source="year" label={t('form.year')} isRequired min={1} step={1} fullWidth />
        <NumberInput source="totalNo" label={t('form.total_no')} min={1} step={1} fullWidth />
        <NumberInput source="journalNo" label={t('form.journal_no')} isRequired min={1} step={1} fullWidth />
      </Stack>
      <DateInput source="planPublishTime" label={t('form.plan_publish')} isRequired fullWidth />
      <EditorsInput
        source="editorIds"
        label={t('form.editors')}
        placeholder={t('form.editors_placeholder')}
        noOptionsText={t('form.no_users')}
        loadingText={t('form.loading')}
      />
      <TextInput source="memo" label={t('form.memo')} multiline minRows={2} fullWidth slotProps={{ htmlInput: { maxLength: 500 } }} />
    </FormDialog>
  );
}
