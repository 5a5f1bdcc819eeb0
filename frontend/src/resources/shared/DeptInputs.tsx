import { useMemo } from 'react';
import { InputHelperText, useInput, type Validator } from 'react-admin';
import { FormControl, FormHelperText, FormLabel } from '@mui/material';
import type { Dept } from '../types';
import { CheckTree } from './CheckTree';
import { useDeptTree } from './queries';
import { pruneTree, toViewItems } from './tree';
import { TreeSelectInput } from './TreeSelectInput';

export const deptLabel = (dept: Dept): string => dept.label ?? dept.name;

/** The visible dept tree as tree-view items, optionally without one subtree (a dept's own). */
export function useDeptItems(exclude?: number | null, enabledOnly = false, lookup = false) {
  const { data, isPending } = useDeptTree({ enabledOnly, lookup });
  const items = useMemo(() => toViewItems(pruneTree(data ?? [], exclude), deptLabel), [data, exclude]);
  return { items, loading: isPending };
}

export interface DeptTreeSelectInputProps {
  source: string;
  label?: string;
  /** Hide this dept and its subtree (editing a dept's parent). */
  exclude?: number | null;
  /** Offer enabled depts only (assigning a user). */
  enabledOnly?: boolean;
  /** Name of the current dept, shown if it is not offered (e.g. disabled). */
  fallbackLabel?: string;
  validate?: Validator | Validator[];
  isRequired?: boolean;
  /** Read the enabled tree any session may read (`api/dept/lookup/tree`), for the work screens. */
  lookup?: boolean;
}

/** Dept picker over `GET api/dept/tree`; the value is the dept id. */
export function DeptTreeSelectInput({ source, label = '部门', exclude, enabledOnly, validate, fallbackLabel, isRequired, lookup }: DeptTreeSelectInputProps) {
  const { items, loading } = useDeptItems(exclude, enabledOnly, lookup);
  return (
    <TreeSelectInput
      source={source}
      label={label}
      items={items}
      loading={loading}
      validate={validate}
      fallbackLabel={fallbackLabel}
      isRequired={isRequired}
    />
  );
}

/** Checkbox dept tree for a role's custom data scope; the value is `[{id}]`. No propagation: the
 * server already adds the descendants of each chosen dept (eladmin issue 625). */
export function DeptCheckTreeInput({ source, label, validate }: { source: string; label: string; validate?: Validator | Validator[] }) {
  const { field, fieldState, formState } = useInput({ source, validate });
  const { items, loading } = useDeptItems();
  const value: Array<{ id: number }> = Array.isArray(field.value) ? field.value : [];
  const checked = value.map((d) => String(d.id));
  const error = fieldState.isTouched || formState.isSubmitted ? fieldState.error?.message : undefined;
  return (
    <FormControl error={Boolean(error)} fullWidth margin="dense">
      <FormLabel sx={{ fontSize: 13 }}>{label}</FormLabel>
      <CheckTree
        items={items}
        loading={loading}
        checked={checked}
        maxHeight={240}
        onToggle={(id, isChecked) => {
          const rest = value.filter((d) => String(d.id) !== id);
          field.onChange(isChecked ? [...rest, { id: Number(id) }] : rest);
          field.onBlur();
        }}
      />
      <FormHelperText>
        <InputHelperText error={error} />
      </FormHelperText>
    </FormControl>
  );
}
