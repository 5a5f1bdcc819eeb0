import { Box } from '@mui/material';
import { RichTreeView } from '@mui/x-tree-view/RichTreeView';
import { expandableIds, type ViewItem } from './tree';

export interface CheckTreeProps {
  items: ViewItem[];
  checked: readonly string[];
  /** One checkbox changed; the caller decides about propagation. */
  onToggle: (id: string, isChecked: boolean) => void;
  loading?: boolean;
  disabled?: boolean;
  maxHeight?: number | string;
  expandLevels?: number;
}

/** A tree with checkboxes and controlled selection (role data scope, role menus). */
export function CheckTree({ items, checked, onToggle, loading, disabled, maxHeight = 360, expandLevels = 1 }: CheckTreeProps) {
  if (items.length === 0) {
    return <Box sx={{ p: 1, color: 'text.secondary' }}>{loading ? '加载中…' : '暂无数据'}</Box>;
  }
  return (
    <Box sx={{ maxHeight, overflow: 'auto' }}>
      <RichTreeView
        items={items}
        multiSelect
        checkboxSelection
        disableSelection={disabled}
        selectedItems={checked}
        defaultExpandedItems={expandableIds(items, expandLevels)}
        onItemSelectionToggle={(_event, id, isSelected) => onToggle(id, isSelected)}
      />
    </Box>
  );
}
