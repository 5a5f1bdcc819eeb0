// The 列设置 popover of the product list: one checkbox a column and 全选; hiding below five visible
// columns is refused with 请至少选择五列 (spec production-admin §5).
import { useId, useState } from 'react';
import ViewColumnOutlined from '@mui/icons-material/ViewColumnOutlined';
import { Box, Checkbox, Divider, FormControlLabel, IconButton, Popover, Tooltip } from '@mui/material';
import { useNotifyText } from '../shared/hooks';
import { ALL_PRODUCT_COLUMNS, type ProductColumnKey, selectAllColumns, selectAllState, toggleColumn, type VisibleColumns } from './columnVisibility';
import { useProductText } from './useProductText';

export interface ColumnVisibilityProps {
  visible: VisibleColumns;
  onChange: (visible: VisibleColumns) => void;
  /** The label of each column. */
  labels: Record<ProductColumnKey, string>;
}

export function ColumnVisibility({ visible, onChange, labels }: ColumnVisibilityProps) {
  const t = useProductText();
  const notify = useNotifyText();
  const id = useId();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const all = selectAllState(visible);

  const apply = ({ visible: next, refused }: { visible: VisibleColumns; refused: boolean }) => {
    if (refused) notify(t('list.min_columns'), 'warning');
    else onChange(next);
  };

  return (
    <>
      <Tooltip title={t('list.columns')}>
        <IconButton
          size="small"
          aria-label={t('list.columns')}
          aria-haspopup="true"
          aria-controls={anchor ? id : undefined}
          aria-expanded={anchor ? 'true' : undefined}
          onClick={(event) => setAnchor(event.currentTarget)}
        >
          <ViewColumnOutlined fontSize="small" />
        </IconButton>
      </Tooltip>
      <Popover
        id={id}
        open={Boolean(anchor)}
        anchorEl={anchor}
        onClose={() => setAnchor(null)}
        anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }}
        transformOrigin={{ vertical: 'top', horizontal: 'right' }}
      >
        <Box sx={{ display: 'flex', flexDirection: 'column', py: 1, px: 2, minWidth: 160 }} role="group" aria-label={t('list.columns')}>
          <FormControlLabel
            label={t('list.select_all')}
            control={
              <Checkbox
                size="small"
                checked={all === 'all'}
                indeterminate={all === 'some'}
                onChange={(event) => apply(selectAllColumns(visible, event.target.checked))}
              />
            }
          />
          <Divider sx={{ my: 0.5 }} />
          {ALL_PRODUCT_COLUMNS.map((key) => (
            <FormControlLabel
              key={key}
              label={labels[key]}
              control={<Checkbox size="small" checked={visible.includes(key)} onChange={(event) => apply(toggleColumn(visible, key, event.target.checked))} />}
            />
          ))}
        </Box>
      </Popover>
    </>
  );
}
