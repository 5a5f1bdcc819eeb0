// The 产品管理 toolbar: 新增, 修改 (one chosen row), 删除 (the chosen rows), 导出 and the column choice.
import type { ReactNode } from 'react';
import AddIcon from '@mui/icons-material/Add';
import DownloadIcon from '@mui/icons-material/FileDownloadOutlined';
import EditIcon from '@mui/icons-material/EditOutlined';
import { Button } from '@mui/material';
import type { ProductAbilities } from '../../shared/production/access';
import { ActionToolbar } from '../../shared/ListFrame';
import { ColumnVisibility } from '../ColumnVisibility';
import type { ProductColumnKey } from '../columnVisibility';
import { toolbarState } from '../productList';
import { useProductText } from '../useProductText';
import type { ProductSettingsState } from './useProductSettingsList';

export interface ProductToolbarProps {
  state: ProductSettingsState;
  abilities: ProductAbilities;
  canSelect: boolean;
  labels: Record<ProductColumnKey, string>;
  /** 删除 of the chosen rows (with its confirmation). */
  deleteButton: ReactNode;
}

export function ProductToolbar({ state, abilities, canSelect, labels, deleteButton }: ProductToolbarProps) {
  const t = useProductText();
  const { selected, selectedRow, setDialog } = state;
  const toolbar = toolbarState(selected.length);
  return (
    <ActionToolbar
      label={t('list.toolbar')}
      selectedText={canSelect && selected.length > 0 ? t('list.selected', { count: selected.length }) : null}
      refreshLabel={t('list.retry')}
      onRefresh={() => void state.list.refetch()}
      end={<ColumnVisibility visible={state.visible} onChange={(next) => state.setStoredColumns([...next])} labels={labels} />}
    >
      {abilities.addProduct && (
        <Button size="small" variant="contained" startIcon={<AddIcon />} onClick={() => setDialog({ open: true, product: null })}>
          {t('list.add')}
        </Button>
      )}
      {abilities.editProduct && (
        <Button
          size="small"
          variant="outlined"
          color="success"
          startIcon={<EditIcon />}
          disabled={!toolbar.edit || !selectedRow}
          onClick={() => selectedRow && setDialog({ open: true, product: selectedRow })}
        >
          {t('list.edit')}
        </Button>
      )}
      {abilities.deleteProduct && deleteButton}
      <Button size="small" variant="outlined" color="warning" startIcon={<DownloadIcon />} disabled={state.exporting} onClick={() => void state.exportXlsx()}>
        {t('list.export')}
      </Button>
    </ActionToolbar>
  );
}
