// One row of the 产品管理 table: the 选择 cell, the visible columns and the row actions (编辑, 删除,
// 统计报告, 期刊管理); a click on the row toggles its selection.
import type { ReactNode } from 'react';
import AssessmentOutlined from '@mui/icons-material/AssessmentOutlined';
import EditIcon from '@mui/icons-material/EditOutlined';
import LibraryBooksOutlined from '@mui/icons-material/LibraryBooksOutlined';
import { Stack, TableCell, TableRow } from '@mui/material';
import type { ProductAbilities } from '../../shared/production/access';
import { SelectRowCell, TipIconButton } from '../../shared/ListFrame';
import { actionsColumnSx } from '../../shared/ListParts';
import type { ProductColumnKey } from '../columnVisibility';
import type { Product } from '../types';
import { useProductText } from '../useProductText';
import type { ProductCells } from './productCells';

export interface ProductTableRowProps {
  product: Product;
  abilities: ProductAbilities;
  visible: readonly ProductColumnKey[];
  cells: ProductCells;
  canSelect: boolean;
  checked: boolean;
  onToggle: () => void;
  hasActions: boolean;
  onEdit: () => void;
  onStatistics: () => void;
  onOpenJournals?: (product: Product) => void;
  /** The row's 删除 (with its confirmation). */
  deleteButton: ReactNode;
}

export function ProductTableRow(props: ProductTableRowProps) {
  const { product, abilities, visible, cells, canSelect, checked, onToggle, hasActions, onOpenJournals } = props;
  const t = useProductText();
  return (
    <TableRow hover selected={checked} onClick={canSelect ? onToggle : undefined} sx={{ cursor: canSelect ? 'pointer' : undefined }}>
      {canSelect && <SelectRowCell checked={checked} onToggle={onToggle} label={t('list.select_row', { name: product.name })} />}
      {visible.map((key) => (
        <TableCell key={key}>{cells[key](product)}</TableCell>
      ))}
      {hasActions && (
        <TableCell sx={actionsColumnSx} onClick={(event) => event.stopPropagation()}>
          <Stack direction="row" spacing={0.5} alignItems="center">
            {abilities.editProduct && (
              <TipIconButton label={t('list.act_edit')} onClick={props.onEdit}>
                <EditIcon fontSize="small" />
              </TipIconButton>
            )}
            {abilities.deleteProduct && props.deleteButton}
            {abilities.listProducts && (
              <TipIconButton label={t('list.act_statistics')} onClick={props.onStatistics}>
                <AssessmentOutlined fontSize="small" />
              </TipIconButton>
            )}
            {abilities.listJournals && onOpenJournals && (
              <TipIconButton label={t('list.act_journals')} onClick={() => onOpenJournals(product)}>
                <LibraryBooksOutlined fontSize="small" />
              </TipIconButton>
            )}
          </Stack>
        </TableCell>
      )}
    </TableRow>
  );
}
