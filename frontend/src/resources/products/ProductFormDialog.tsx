// 新增产品 / 编辑产品 (spec production-admin §2 "Product settings screen", §3, §5): unit, name, chief
// editors, period, product type, manuscript type, the column rows, the template and the weekly flag.
import { useMemo } from 'react';
import { BooleanInput, RadioButtonGroupInput, SelectInput, TextInput } from 'react-admin';
import { DeptTreeSelectInput } from '../shared/DeptInputs';
import { FormDialog } from '../shared/FormDialog';
import { EditorsInput } from '../shared/production/EditorsInput';
import { useCreateOrUpdate } from '../shared/useCreateOrUpdate';
import { productKeys, productsApi } from './api';
import { ColumnRowsInput } from './ColumnRowsInput';
import { emptyProductForm, formValuesToProduct, productToFormValues, type ProductFormValues, validateProductForm } from './productForm';
import { usePeriods } from './queries';
import { TemplateInput } from './TemplateInput';
import { CONTENT_TYPES, PRODUCT_TYPES, type Product } from './types';
import { useProductText } from './useProductText';

export interface ProductFormDialogProps {
  open: boolean;
  /** The product being edited; `null` adds one. */
  product: Product | null;
  onClose: () => void;
}

export function ProductFormDialog({ open, product, onClose }: ProductFormDialogProps) {
  const t = useProductText();
  const periods = usePeriods(open);
  // prepared once per opening (columns sorted, or one blank row)
  const values = useMemo(() => (product ? productToFormValues(product) : emptyProductForm()), [product]);
  const messages = useMemo(
    () => ({
      deptRequired: t('form.dept_required'),
      nameRequired: t('form.name_required'),
      nameTooLong: t('form.name_too_long'),
      columnNameRequired: t('form.column_name_required'),
    }),
    [t],
  );

  const save = useCreateOrUpdate(productsApi, { invalidate: productKeys.all, createdMessage: t('form.created'), updatedMessage: t('form.updated'), onSaved: onClose });

  const choices = (kind: 'type' | 'content_type') =>
    (kind === 'type' ? PRODUCT_TYPES : CONTENT_TYPES).map((id) => ({ id, name: t(`${kind}.${id}`) }));

  return (
    <FormDialog<ProductFormValues>
      open={open}
      title={product ? t('form.title_edit') : t('form.title_add')}
      values={values}
      validate={(v) => validateProductForm(v as ProductFormValues, messages)}
      onSubmit={(v) => save.mutate(formValuesToProduct(v))}
      onClose={onClose}
      saving={save.isPending}
      maxWidth="md"
    >
      <DeptTreeSelectInput source="deptId" label={t('form.dept')} fallbackLabel={product?.dept?.name} isRequired lookup />
      <TextInput source="name" label={t('form.name')} isRequired fullWidth slotProps={{ htmlInput: { maxLength: 100 } }} />
      <EditorsInput
        source="editorIds"
        label={t('form.editors')}
        placeholder={t('form.editors_placeholder')}
        noOptionsText={t('form.no_users')}
        loadingText={t('form.loading')}
        known={product?.editors ?? []}
      />
      <SelectInput
        source="period"
        label={t('form.period')}
        choices={(periods.data ?? []).map((option) => ({ id: String(option.value), name: option.label }))}
        optionValue="id"
        emptyText={t('form.period_none')}
        emptyValue=""
        isPending={periods.isPending}
        fullWidth
      />
      <RadioButtonGroupInput source="type" label={t('form.type')} choices={choices('type')} />
      <RadioButtonGroupInput source="contentType" label={t('form.content_type')} choices={choices('content_type')} />
      <ColumnRowsInput />
      <TemplateInput />
      <BooleanInput source="isWeekly" label={t('form.weekly')} />
    </FormDialog>
  );
}
