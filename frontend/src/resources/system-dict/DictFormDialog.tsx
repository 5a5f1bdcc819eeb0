import { TextInput } from 'react-admin';
import { FormDialog } from '../shared/FormDialog';
import { useSaveRecord } from '../shared/hooks';
import type { Dict } from '../types';
import { dictToFormValues, type DictFormValues, emptyDictForm, formValuesToDict, validateDictForm } from './dictForm';

export function DictFormDialog({ dict, open, onClose }: { dict: Dict | null; open: boolean; onClose: () => void }) {
  const { save, isPending } = useSaveRecord('system/dict', { onSaved: onClose });
  return (
    <FormDialog<DictFormValues>
      open={open}
      title={dict ? '编辑字典' : '新增字典'}
      values={dict ? dictToFormValues(dict) : emptyDictForm}
      validate={(v) => validateDictForm(v as DictFormValues)}
      onSubmit={(v) => save(formValuesToDict(v), dict ?? undefined)}
      onClose={onClose}
      saving={isPending}
      maxWidth="xs"
    >
      <TextInput source="name" label="字典名称" helperText="英文编码，如 user_status" isRequired />
      <TextInput source="description" label="描述" />
    </FormDialog>
  );
}
