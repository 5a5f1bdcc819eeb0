import { type MouseEvent, useMemo } from 'react';
import { Box, Button, Skeleton, Stack, Typography } from '@mui/material';
import { RichTreeView } from '@mui/x-tree-view/RichTreeView';
import {
  ancestorsOf,
  classifyNameMap,
  classifyNames,
  type ClassifyNode,
  type ClassifyViewItem,
  leafIds,
  mergeTreeSelection,
  toClassifyViewItems,
} from './classifyTree';
import { TagChip } from './TagChip';
import { useDialogText } from './useDialogText';

export interface ClassifyPickerProps {
  nodes: readonly ClassifyNode[] | undefined;
  loading: boolean;
  error?: unknown;
  onRetry?: () => void;
  value: readonly number[];
  onChange: (value: number[]) => void;
  /** Names the row already knows (for a chosen class the tree does not show, e.g. a disabled one). */
  known?: { ids: readonly number[]; names: readonly string[] };
  disabled?: boolean;
  maxHeight?: number;
}

/**
 * Multi-select classification tree: only leaves have a checkbox (a click on a parent expands it,
 * a click on a leaf ticks it); the chosen classes are listed above as removable tags.
 */
export function ClassifyPicker({ nodes, loading, error, onRetry, value, onChange, known, disabled = false, maxHeight = 280 }: ClassifyPickerProps) {
  const t = useDialogText();
  const items = useMemo(() => toClassifyViewItems(nodes ?? []), [nodes]);
  const names = useMemo(() => classifyNameMap(nodes ?? []), [nodes]);
  const shown = useMemo(() => leafIds(nodes ?? []), [nodes]);
  const selected = useMemo(() => value.filter((id) => shown.has(id)).map(String), [value, shown]);
  // every parent open while the tree is small (else the way to the chosen leaves); computed once
  // per tree, so the user's own collapsing sticks
  const expanded = useMemo(() => {
    const all: string[] = [];
    const walk = (list: ClassifyViewItem[]) => {
      for (const item of list) {
        if (item.children?.length) {
          all.push(item.id);
          walk(item.children);
        }
      }
    };
    walk(items);
    return all.length <= 40 ? all : ancestorsOf(nodes ?? [], value);
  }, [items]);
  const labels = classifyNames(value, names, known);

  const toggleLeaf = (id: string) => {
    const n = Number(id);
    onChange(value.includes(n) ? value.filter((v) => v !== n) : [...value, n]);
  };

  return (
    <Box>
      <Stack direction="row" useFlexGap flexWrap="wrap" spacing={0.75} alignItems="center" sx={{ minHeight: 30, mb: 1 }} role="group" aria-label={t('tags.classify')}>
        {value.length === 0 ? (
          <Typography variant="body2" color="text.disabled">
            {t('tags.no_classify')}
          </Typography>
        ) : (
          value.map((id, i) => (
            <TagChip key={id} disabled={disabled} removeLabel={`${t('tags.remove_classify')} ${labels[i]}`} onRemove={() => onChange(value.filter((v) => v !== id))}>
              {labels[i]}
            </TagChip>
          ))
        )}
      </Stack>
      <Box
        sx={{
          border: 1,
          borderColor: 'divider',
          borderRadius: 1,
          maxHeight,
          overflow: 'auto',
          py: 0.5,
          '& .MuiTreeItem-content': { py: 0.25, borderRadius: 1 },
          '& .MuiTreeItem-label': { fontSize: 13 },
          '& .MuiTreeItem-checkbox': { p: 0.25, mr: 0.25 },
        }}
      >
        {loading && !nodes ? (
          <Stack spacing={1} sx={{ p: 1.5 }}>
            {[0, 1, 2, 3].map((i) => (
              <Skeleton key={i} variant="text" width={`${60 - i * 8}%`} />
            ))}
          </Stack>
        ) : error && !nodes ? (
          <Stack direction="row" spacing={1} alignItems="center" sx={{ p: 1.5 }}>
            <Typography variant="body2" color="error">
              {t('common.load_failed')}
            </Typography>
            {onRetry && (
              <Button size="small" onClick={onRetry}>
                {t('common.retry')}
              </Button>
            )}
          </Stack>
        ) : items.length === 0 ? (
          <Typography variant="body2" color="text.secondary" sx={{ p: 1.5 }}>
            {t('tags.no_classes')}
          </Typography>
        ) : (
          <RichTreeView<ClassifyViewItem, true>
            items={items}
            multiSelect
            checkboxSelection
            disableSelection={disabled}
            isItemSelectionDisabled={(item) => !item.selectable}
            selectedItems={selected}
            defaultExpandedItems={expanded}
            onSelectedItemsChange={(_event, ids) => onChange(mergeTreeSelection(value, ids, shown))}
            onItemClick={(event: MouseEvent, id) => {
              // a click on a leaf's label ticks it too (the checkbox itself is handled by the tree)
              if (disabled || (event.target as HTMLElement).closest('.MuiCheckbox-root')) return;
              if (shown.has(Number(id))) toggleLeaf(id);
            }}
          />
        )}
      </Box>
    </Box>
  );
}
