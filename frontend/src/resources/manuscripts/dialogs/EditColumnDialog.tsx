// 修改栏目: the columns of a manuscript within its product (`PUT api/manuscript/updateColumn`).
import { useState } from 'react';
import { Stack, Typography } from '@mui/material';
import { useNotifyText } from '../../shared/hooks';
import { useSavingAction } from '../../shared/useSavingAction';
import { manuscriptsApi } from '../api';
import { DialogFrame } from '../DialogFrame';
import { useColumnMap, useProducts } from '../lookups';
import { ProductColumnFields, type ProductColumnValue } from '../ProductColumnFields';
import { chosenColumns, rowsOf } from '../submitForm';
import type { Manuscript } from '../types';
import { useManuscriptText } from '../useManuscriptText';

export interface EditColumnDialogProps {
  manuscript: Manuscript | null;
  onClose: () => void;
  onSaved: () => void;
}

const valueOf = (row: Manuscript): ProductColumnValue => ({
  productId: row.product?.id ?? null,
  rows: rowsOf((row.columns?.length ? row.columns : row.productColumn ? [row.productColumn] : []).map((c) => c.id)),
});

export function EditColumnDialog({ manuscript, onClose, onSaved }: EditColumnDialogProps) {
  const t = useManuscriptText();
  const notify = useNotifyText();
  const open = manuscript !== null;
  const [value, setValue] = useState<ProductColumnValue>(() => (manuscript ? valueOf(manuscript) : { productId: null, rows: rowsOf([]) }));
  const [forId, setForId] = useState<number | null>(manuscript?.id ?? null);
  const [showErrors, setShowErrors] = useState(false);
  const { saving, run } = useSavingAction();
  if (manuscript && manuscript.id !== forId) {
    setForId(manuscript.id);
    setValue(valueOf(manuscript));
    setShowErrors(false);
  }
  const products = useProducts(open);
  const columnMap = useColumnMap(open);
  const columns = chosenColumns(value.rows);

  const save = async () => {
    if (!manuscript) return;
    setShowErrors(true);
    if (!columns.length) {
      notify(t('form.column_required'), 'warning');
      return;
    }
    await run(() => manuscriptsApi.updateColumn(manuscript.id, columns), t('edit_column.success'), () => {
      onSaved();
      onClose();
    });
  };

  return (
    <DialogFrame open={open} title={t('edit_column.title')} onClose={onClose} onConfirm={() => void save()} saving={saving} testId="edit-column-dialog">
      <Stack spacing={1.5}>
        {manuscript && (
          <Typography variant="body2" sx={{ fontWeight: 600 }}>
            {manuscript.title}
          </Typography>
        )}
        <ProductColumnFields
          value={value}
          onChange={setValue}
          products={products.data}
          columnMap={columnMap.data}
          loading={products.isPending || columnMap.isPending}
          lockProduct
          productFallback={manuscript?.product?.name}
          knownColumns={manuscript?.columns ?? (manuscript?.productColumn ? [manuscript.productColumn] : null)}
          columnError={showErrors && !columns.length ? t('form.column_required') : undefined}
          disabled={saving}
        />
      </Stack>
    </DialogFrame>
  );
}
