// Product and column rows of the manuscript forms (spec news-tracking §5, production-admin §5): the
// column selects stay disabled until a product is chosen; rows are added and removed, the first
// row cannot be removed; a column is offered to one row only.
import AddIcon from '@mui/icons-material/Add';
import RemoveCircleOutline from '@mui/icons-material/RemoveCircleOutline';
import { Box, Button, FormHelperText, IconButton, MenuItem, Stack, TextField, Tooltip, Typography } from '@mui/material';
import {
  addRow,
  availableFor,
  canAddRow,
  canRemoveRow,
  type ColumnRow,
  columnsDisabled,
  removeRow,
  setProduct,
  setRowColumn,
} from './submitForm';
import type { ColumnMap, ProductChoice } from './types';
import { useManuscriptText } from './useManuscriptText';

export interface ProductColumnValue {
  productId: number | null;
  rows: ColumnRow[];
}

export interface ProductColumnFieldsProps<V extends ProductColumnValue> {
  value: V;
  onChange: (next: V) => void;
  products: readonly ProductChoice[] | undefined;
  columnMap: ColumnMap | undefined;
  loading?: boolean;
  /** Message under the product select. */
  productError?: string;
  /** Message under the column rows (请选择投稿栏目). */
  columnError?: string;
  /** The product cannot change (editing a manuscript's columns). */
  lockProduct?: boolean;
  /** A product name to show while the product is not among `products`. */
  productFallback?: string;
  /** Names of columns that may not be offered any more (a manuscript's disabled column). */
  knownColumns?: readonly { id: number; name: string }[] | null;
  disabled?: boolean;
}

export function ProductColumnFields<V extends ProductColumnValue>({
  value,
  onChange,
  products,
  columnMap,
  loading = false,
  productError,
  columnError,
  lockProduct = false,
  productFallback,
  knownColumns,
  disabled = false,
}: ProductColumnFieldsProps<V>) {
  const t = useManuscriptText();
  const columns = value.productId === null ? [] : (columnMap?.[String(value.productId)] ?? []);
  const noProduct = columnsDisabled(value);
  const productKnown = value.productId === null || (products ?? []).some((p) => p.id === value.productId);
  const options = productKnown || value.productId === null ? (products ?? []) : [...(products ?? []), { id: value.productId, name: productFallback ?? String(value.productId) }];

  return (
    <Stack spacing={1.5}>
      <TextField
        select
        size="small"
        fullWidth
        required
        label={t('form.product')}
        value={value.productId === null ? '' : String(value.productId)}
        onChange={(event) => onChange(setProduct(value, event.target.value === '' ? null : Number(event.target.value)))}
        disabled={disabled || lockProduct}
        error={Boolean(productError)}
        helperText={productError ?? (loading && !products ? t('common.loading') : ' ')}
        slotProps={{ select: { displayEmpty: false, MenuProps: { slotProps: { paper: { sx: { maxHeight: 320 } } } } }, formHelperText: { sx: { mx: 0 } } }}
        data-testid="manuscript-product"
      >
        {options.length === 0 && (
          <MenuItem value="" disabled>
            {loading ? t('common.loading') : t('form.product_placeholder')}
          </MenuItem>
        )}
        {options.map((product) => (
          <MenuItem key={product.id} value={String(product.id)}>
            {product.name}
          </MenuItem>
        ))}
      </TextField>

      <Box>
        <Typography variant="body2" sx={{ fontWeight: 600, mb: 1 }} component="div">
          {t('form.columns')}
          <Box component="span" sx={{ color: 'error.main', ml: 0.25 }} aria-hidden>
            *
          </Box>
        </Typography>
        <Stack spacing={1} data-testid="manuscript-column-rows">
          {value.rows.map((row, index) => {
            const label = `${t('form.column')} ${index + 1}`;
            const free = availableFor(columns, value.rows, row.key);
            const current = row.columnId !== null && !free.some((c) => c.id === row.columnId) ? [{ id: row.columnId, name: knownColumns?.find((c) => c.id === row.columnId)?.name ?? String(row.columnId), sort: 0 }] : [];
            return (
              <Stack key={row.key} direction="row" spacing={1} alignItems="center" data-column-row={index}>
                <TextField
                  select
                  size="small"
                  fullWidth
                  label={label}
                  value={row.columnId === null ? '' : String(row.columnId)}
                  onChange={(event) => onChange(setRowColumn(value, row.key, event.target.value === '' ? null : Number(event.target.value)))}
                  disabled={disabled || noProduct}
                  placeholder={noProduct ? t('form.column_disabled') : t('form.column_placeholder')}
                  slotProps={{ select: { MenuProps: { slotProps: { paper: { sx: { maxHeight: 320 } } } } } }}
                >
                  {free.length === 0 && current.length === 0 && (
                    <MenuItem value="" disabled>
                      {t('form.no_columns')}
                    </MenuItem>
                  )}
                  {[...current, ...free].map((column) => (
                    <MenuItem key={column.id} value={String(column.id)}>
                      {column.name}
                    </MenuItem>
                  ))}
                </TextField>
                <Box sx={{ width: 34, flexShrink: 0, display: 'flex', justifyContent: 'center' }}>
                  {canRemoveRow(index) && (
                    <Tooltip title={t('form.remove_column')}>
                      <span>
                        <IconButton size="small" color="error" aria-label={`${t('form.remove_column')} ${index + 1}`} onClick={() => onChange(removeRow(value, row.key))} disabled={disabled}>
                          <RemoveCircleOutline fontSize="small" />
                        </IconButton>
                      </span>
                    </Tooltip>
                  )}
                </Box>
              </Stack>
            );
          })}
        </Stack>
        <Stack direction="row" alignItems="center" spacing={1} sx={{ mt: 0.5 }}>
          <Button size="small" startIcon={<AddIcon />} onClick={() => onChange(addRow(value))} disabled={disabled || noProduct || !canAddRow(columns.length, value.rows)}>
            {t('form.add_column')}
          </Button>
          {noProduct && (
            <Typography variant="caption" color="text.secondary">
              {t('form.column_disabled')}
            </Typography>
          )}
          {!noProduct && columnMap && columns.length === 0 && (
            <Typography variant="caption" color="warning.main">
              {t('form.no_columns')}
            </Typography>
          )}
        </Stack>
        {columnError && (
          <FormHelperText error sx={{ mx: 0 }}>
            {columnError}
          </FormHelperText>
        )}
      </Box>
    </Stack>
  );
}
