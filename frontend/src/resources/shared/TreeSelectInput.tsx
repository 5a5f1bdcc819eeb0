import { useMemo, useRef, useState } from 'react';
import ArrowDropDownIcon from '@mui/icons-material/ArrowDropDown';
import { Box, InputAdornment, Popover, TextField } from '@mui/material';
import { RichTreeView } from '@mui/x-tree-view/RichTreeView';
import { InputHelperText, useInput, type Validator } from 'react-admin';
import { expandableIds, findViewItem, type ViewItem } from './tree';

/** Id of the virtual root that stands for "no parent" (pid null). */
export const TOP_ID = '__top__';

export interface TreeSelectInputProps {
  source: string;
  label: string;
  items: ViewItem[];
  loading?: boolean;
  /** When set, a virtual root with this label (e.g. 顶级类目) selects `null`. */
  topLabel?: string;
  validate?: Validator | Validator[];
  disabled?: boolean;
  /** Shown when the current value is not in `items` (e.g. a disabled dept). */
  fallbackLabel?: string;
  /** Marks the label as required when the form validates at form level (no `required()` here). */
  isRequired?: boolean;
}

/** A single-choice tree picker; the form value is the numeric id (or null for the top node). */
export function TreeSelectInput(props: TreeSelectInputProps) {
  const { source, label, items, loading, topLabel, validate, disabled, fallbackLabel } = props;
  const { field, fieldState, formState, isRequired } = useInput({ source, validate });
  const anchor = useRef<HTMLDivElement>(null);
  const [open, setOpen] = useState(false);

  const tree = useMemo<ViewItem[]>(
    () => (topLabel ? [{ id: TOP_ID, label: topLabel, children: items }] : items),
    [items, topLabel],
  );
  const selected: string | null =
    field.value === null || field.value === undefined || field.value === ''
      ? topLabel && field.value === null
        ? TOP_ID
        : null
      : String(field.value);
  const display = selected
    ? (findViewItem(tree, selected)?.label ?? (loading ? '加载中…' : (fallbackLabel ?? String(field.value))))
    : '';
  const error = fieldState.isTouched || formState.isSubmitted ? fieldState.error?.message : undefined;

  return (
    <>
      <TextField
        ref={anchor}
        label={label}
        value={display}
        required={isRequired || props.isRequired}
        disabled={disabled}
        error={Boolean(error)}
        helperText={<InputHelperText error={error} />}
        size="small"
        fullWidth
        onClick={() => !disabled && setOpen(true)}
        onBlur={field.onBlur}
        slotProps={{
          input: {
            readOnly: true,
            endAdornment: (
              <InputAdornment position="end">
                <ArrowDropDownIcon />
              </InputAdornment>
            ),
          },
        }}
      />
      <Popover
        open={open}
        anchorEl={anchor.current}
        onClose={() => setOpen(false)}
        anchorOrigin={{ vertical: 'bottom', horizontal: 'left' }}
        slotProps={{ paper: { sx: { width: anchor.current?.clientWidth, maxHeight: 360 } } }}
      >
        <Box sx={{ p: 1 }}>
          {tree.length === 0 ? (
            <Box sx={{ p: 1, color: 'text.secondary' }}>{loading ? '加载中…' : '暂无数据'}</Box>
          ) : (
            <RichTreeView
              items={tree}
              expansionTrigger="iconContainer"
              selectedItems={selected}
              defaultExpandedItems={expandableIds(tree, topLabel ? 2 : 1)}
              onSelectedItemsChange={(_event, id) => {
                if (id === null) return;
                field.onChange(id === TOP_ID ? null : Number(id));
                setOpen(false);
              }}
            />
          )}
        </Box>
      </Popover>
    </>
  );
}
