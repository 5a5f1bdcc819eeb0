import { useCallback, useEffect, useState } from 'react';
import { RadioButtonGroupInput, TextInput, useCreate, useRefresh, useUpdate } from 'react-admin';
import { useFormContext } from 'react-hook-form';
import { FormDialog } from '../shared/FormDialog';
import { errorMessage, useNotifyError, useNotifyText } from '../shared/hooks';
import { MESSAGES } from '../shared/text';
import { type GlossaryTerm, MT_RESOURCE } from './api';
import {
  emptyGlossaryForm,
  formValuesToTerm,
  type GlossaryField,
  type GlossaryFormValues,
  type GlossaryPayload,
  serverErrorField,
  termToFormValues,
  validateGlossaryForm,
} from './glossaryForm';
import { useMtText } from './useMtText';

interface FieldError {
  field: GlossaryField;
  message: string;
}

/** Puts the server's message about a field under that field (inside the dialog's form). */
function ServerFieldError({ error }: { error: FieldError | null }) {
  const { setError } = useFormContext();
  useEffect(() => {
    if (error) setError(error.field, { type: 'server', message: error.message }, { shouldFocus: true });
  }, [error, setError]);
  return null;
}

/**
 * Create (`POST api/mtGlossary`) or update (`PUT`, with id) through the dataProvider. A refusal about
 * a field (`术语 X 已存在`, `原文术语不能为空`…) shows under the field, anything else as a toast; the
 * dialog stays open either way.
 */
function useSaveTerm(onSaved: () => void) {
  const [create, { isPending: creating }] = useCreate();
  const [update, { isPending: updating }] = useUpdate();
  const notifyText = useNotifyText();
  const notifyError = useNotifyError();
  const refresh = useRefresh();
  const [fieldError, setFieldError] = useState<FieldError | null>(null);

  const onError = useCallback(
    (error: unknown) => {
      const message = errorMessage(error);
      const field = serverErrorField(message);
      if (field) setFieldError({ field, message });
      else notifyError(error);
    },
    [notifyError],
  );

  const save = useCallback(
    (data: GlossaryPayload, previous?: GlossaryTerm) => {
      setFieldError(null);
      const done = (created: boolean) => () => {
        notifyText(created ? MESSAGES.created : MESSAGES.updated);
        refresh();
        onSaved();
      };
      if (data.id !== undefined && data.id !== null) {
        update(
          MT_RESOURCE,
          { id: data.id, data, previousData: previous ?? { ...data, id: data.id } },
          { mutationMode: 'pessimistic', onSuccess: done(false), onError },
        );
      } else {
        create(MT_RESOURCE, { data }, { onSuccess: done(true), onError });
      }
    },
    [create, update, notifyText, refresh, onSaved, onError],
  );

  return { save, isPending: creating || updating, fieldError, clearFieldError: () => setFieldError(null) };
}

/** 新增术语 / 编辑术语. */
export function GlossaryFormDialog({ term, open, onClose }: { term: GlossaryTerm | null; open: boolean; onClose: () => void }) {
  const t = useMtText();
  const { save, isPending, fieldError, clearFieldError } = useSaveTerm(onClose);
  // a refusal belongs to the dialog it came from, not to the next one
  const close = () => {
    clearFieldError();
    onClose();
  };

  const yesNo = [
    { id: 'true', name: t('glossary.yes') },
    { id: 'false', name: t('glossary.no') },
  ];
  const statusChoices = [
    { id: 'true', name: t('glossary.enabled') },
    { id: 'false', name: t('glossary.disabled') },
  ];
  return (
    <FormDialog<GlossaryFormValues>
      open={open}
      title={term ? t('glossary.edit_title') : t('glossary.create_title')}
      values={term ? termToFormValues(term) : emptyGlossaryForm}
      validate={(values) => {
        const errors = validateGlossaryForm(values as GlossaryFormValues);
        return Object.fromEntries(Object.entries(errors).map(([field, key]) => [field, t(key)]));
      }}
      onSubmit={(values) => save(formValuesToTerm(values), term ?? undefined)}
      onClose={close}
      saving={isPending}
      maxWidth="sm"
    >
      <ServerFieldError error={fieldError} />
      <TextInput source="source" label={t('glossary.source')} helperText={t('glossary.source_hint')} isRequired />
      <TextInput source="target" label={t('glossary.target')} helperText={t('glossary.target_hint')} isRequired />
      <RadioButtonGroupInput source="caseSensitive" label={t('glossary.case_sensitive')} choices={yesNo} translateChoice={false} />
      <RadioButtonGroupInput source="enabled" label={t('glossary.status')} choices={statusChoices} translateChoice={false} />
      <TextInput source="memo" label={t('glossary.memo')} multiline minRows={2} />
    </FormDialog>
  );
}
