// The 栏目 rows of the product dialog (序号, 名称, 启用; rows added and removed) as one form value.
import AddIcon from '@mui/icons-material/Add';
import DeleteIcon from '@mui/icons-material/DeleteOutline';
import {
  Box,
  Button,
  FormHelperText,
  FormLabel,
  IconButton,
  Switch,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  TextField,
  Tooltip,
} from '@mui/material';
import { useInput } from 'react-admin';
import { type ColumnRow, newColumnRow } from './productForm';
import { useProductText } from './useProductText';

export function ColumnRowsInput({ source = 'columnList' }: { source?: string }) {
  const t = useProductText();
  const { field, fieldState, formState } = useInput({ source });
  const rows: ColumnRow[] = Array.isArray(field.value) ? field.value : [];
  const error = fieldState.isTouched || formState.isSubmitted ? fieldState.error?.message : undefined;

  const change = (next: ColumnRow[]) => {
    field.onChange(next);
    field.onBlur();
  };
  const patch = (key: string, values: Partial<ColumnRow>) => change(rows.map((row) => (row.key === key ? { ...row, ...values } : row)));

  return (
    <Box sx={{ mt: 1, mb: 1.5 }}>
      <Box sx={{ display: 'flex', alignItems: 'center', mb: 0.5 }}>
        <FormLabel sx={{ flex: 1, fontSize: 13 }}>{t('form.columns')}</FormLabel>
        <Button size="small" startIcon={<AddIcon />} onClick={() => change([...rows, newColumnRow(rows)])}>
          {t('form.add_column')}
        </Button>
      </Box>
      <Table size="small" aria-label={t('form.columns')} sx={{ '& td, & th': { px: 1 } }}>
        <TableHead>
          <TableRow>
            <TableCell sx={{ width: 96 }}>{t('form.col_sort')}</TableCell>
            <TableCell>{t('form.col_name')}</TableCell>
            <TableCell sx={{ width: 72 }}>{t('form.col_status')}</TableCell>
            <TableCell sx={{ width: 56 }} align="center">
              {t('form.col_actions')}
            </TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {rows.map((row, i) => {
            const index = i + 1;
            const missingName = Boolean(error) && row.id !== undefined && row.name.trim() === '';
            return (
              <TableRow key={row.key}>
                <TableCell>
                  <TextField
                    size="small"
                    type="number"
                    value={row.sort}
                    onChange={(event) => patch(row.key, { sort: event.target.value === '' ? '' : Number(event.target.value) })}
                    slotProps={{ htmlInput: { 'aria-label': t('form.column_sort_label', { index }), min: 0, step: 1 } }}
                  />
                </TableCell>
                <TableCell>
                  <TextField
                    size="small"
                    fullWidth
                    value={row.name}
                    error={missingName}
                    onChange={(event) => patch(row.key, { name: event.target.value })}
                    slotProps={{ htmlInput: { 'aria-label': t('form.column_name_label', { index }), maxLength: 100 } }}
                  />
                </TableCell>
                <TableCell>
                  <Switch
                    size="small"
                    checked={row.status}
                    onChange={(event) => patch(row.key, { status: event.target.checked })}
                    slotProps={{ input: { 'aria-label': t('form.column_status_label', { index }) } }}
                  />
                </TableCell>
                <TableCell align="center">
                  <Tooltip title={t('form.remove_column', { index })}>
                    <IconButton size="small" color="error" aria-label={t('form.remove_column', { index })} onClick={() => change(rows.filter((r) => r.key !== row.key))}>
                      <DeleteIcon fontSize="small" />
                    </IconButton>
                  </Tooltip>
                </TableCell>
              </TableRow>
            );
          })}
        </TableBody>
      </Table>
      <FormHelperText error={Boolean(error)}>{error ?? t('form.blank_columns_hint')}</FormHelperText>
    </Box>
  );
}
