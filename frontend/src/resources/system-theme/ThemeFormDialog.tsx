// 新增主题 / 编辑主题: name, keywords (one a line or comma separated), order.
import { TextInput } from 'react-admin';
import { FormDialog } from '../shared/FormDialog';
import { useSaveRecord } from '../shared/hooks';
import { type NewsTheme, THEME_RESOURCE } from './api';
import { emptyThemeForm, formValuesToTheme, type ThemeFormValues, type ThemePayload, themeToFormValues, validateThemeForm } from './themeForm';
import { useThemeText } from './useThemeText';

export function ThemeFormDialog({ theme, open, onClose }: { theme: NewsTheme | null; open: boolean; onClose: () => void }) {
  const t = useThemeText();
  const { save, isPending } = useSaveRecord<ThemePayload>(THEME_RESOURCE, { onSaved: onClose });
  return (
    <FormDialog<ThemeFormValues>
      open={open}
      title={theme ? t('form.edit_title') : t('form.create_title')}
      values={theme ? themeToFormValues(theme) : emptyThemeForm}
      validate={(values) => {
        const errors = validateThemeForm(values as ThemeFormValues);
        return Object.fromEntries(Object.entries(errors).map(([field, key]) => [field, t(key)]));
      }}
      onSubmit={(values) => save(formValuesToTheme(values), theme ?? undefined)}
      onClose={onClose}
      saving={isPending}
    >
      <TextInput source="title" label={t('form.title')} isRequired />
      <TextInput source="keywords" label={t('form.keywords')} helperText={t('form.keywords_hint')} multiline minRows={3} maxRows={10} />
      <TextInput source="seq" label={t('form.seq')} type="number" helperText={t('form.seq_hint')} isRequired />
    </FormDialog>
  );
}
