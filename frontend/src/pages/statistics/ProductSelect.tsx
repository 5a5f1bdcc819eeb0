import { MenuItem, TextField } from '@mui/material';
import { useProductChoices } from '../../resources/shared/production/choices';
import { useStatisticsText } from './useStatisticsText';

export interface ProductSelectProps {
  value: number | null;
  onChange: (productId: number | null) => void;
  /** Offer 全部产品 (the charts); without it a product must be chosen (the report). */
  allowAll?: boolean;
  disabled?: boolean;
  error?: string;
}

/** The product filter: every product (`GET api/productSetting/all`), by name. */
export function ProductSelect({ value, onChange, allowAll, disabled, error }: ProductSelectProps) {
  const t = useStatisticsText();
  const products = useProductChoices();
  return (
    <TextField
      select
      size="small"
      label={t('product.label')}
      value={value ?? ''}
      disabled={disabled}
      onChange={(event) => onChange(event.target.value === '' ? null : Number(event.target.value))}
      error={Boolean(error)}
      helperText={error}
      sx={{ width: 260, flex: 'none' }}
      slotProps={{ inputLabel: { shrink: true }, select: { displayEmpty: true } }}
    >
      {allowAll && <MenuItem value="">{t('product.all')}</MenuItem>}
      {(products.data ?? []).map((p) => (
        <MenuItem key={p.id} value={p.id}>
          {p.name}
        </MenuItem>
      ))}
    </TextField>
  );
}
