// 新增分类 / 编辑分类: parent picker (the tree without the class itself, its sub-classes and the noise
// class), name, code, order, status. The noise class keeps its code and stays enabled.
import { useMemo } from 'react';
import { RadioButtonGroupInput, TextInput } from 'react-admin';
import { FormDialog } from '../shared/FormDialog';
import { useSaveRecord } from '../shared/hooks';
import { pruneTree, toViewItems } from '../shared/tree';
import { TreeSelectInput } from '../shared/TreeSelectInput';
import { CLASSIFY_RESOURCE, type ClassifyNode } from './api';
import { classifyToFormValues, type ClassifyFormValues, emptyClassifyForm, formValuesToClassify, validateClassifyForm } from './classifyForm';
import { isNoise } from './classifyTree';
import { useClassifyText } from './useClassifyText';

export interface ClassifyDialogState {
  open: boolean;
  /** The class being edited; null for a new one. */
  node: ClassifyNode | null;
  /** Parent of a new class (新增下级). */
  parentId?: number;
}

export function ClassifyFormDialog({ state, tree, onClose }: { state: ClassifyDialogState; tree: ClassifyNode[]; onClose: () => void }) {
  const t = useClassifyText();
  const { node } = state;
  const { save, isPending } = useSaveRecord<ReturnType<typeof formValuesToClassify>>(CLASSIFY_RESOURCE, { onSaved: onClose });
  const parents = useMemo(() => toViewItems(pruneTree(tree, node?.id, isNoise), (n) => n.name), [tree, node?.id]);
  const noise = node ? isNoise(node) : false;
  const statusChoices = [
    { id: 'true', name: t('search.enabled') },
    { id: 'false', name: t('search.disabled') },
  ];
  return (
    <FormDialog<ClassifyFormValues>
      open={state.open}
      title={node ? t('form.edit_title') : t('form.create_title')}
      values={node ? classifyToFormValues(node) : emptyClassifyForm(state.parentId)}
      validate={(values) => {
        const errors = validateClassifyForm(values as ClassifyFormValues);
        return Object.fromEntries(Object.entries(errors).map(([field, key]) => [field, t(key)]));
      }}
      onSubmit={(values) => save(formValuesToClassify(values), node ?? undefined)}
      onClose={onClose}
      saving={isPending}
    >
      <TreeSelectInput source="pid" label={t('form.pid')} items={parents} disabled={noise} isRequired />
      <TextInput source="name" label={t('form.name')} isRequired />
      <TextInput source="code" label={t('form.code')} helperText={noise ? t('form.noise_code') : t('form.code_hint')} disabled={noise} />
      <TextInput source="seq" label={t('form.seq')} type="number" helperText={t('form.seq_hint')} isRequired />
      <RadioButtonGroupInput source="enabled" label={t('form.enabled')} choices={statusChoices} translateChoice={false} disabled={noise} />
    </FormDialog>
  );
}
