// Units (departments) as a lazily loaded tree: the roots first, a unit's children when it is
// expanded (`GET api/dept/lookup?pid=`). `LazyDeptTree` is the manuscript list's unit filter;
// `DeptPicker` the 单位 field of the upload forms (manuscripts, journal workbench). The texts come
// from the caller's catalogue.
import { useMemo, useRef, useState } from 'react';
import ArrowDropDownIcon from '@mui/icons-material/ArrowDropDown';
import { Box, Button, CircularProgress, InputAdornment, Popover, Stack, TextField, Typography } from '@mui/material';
import { SimpleTreeView } from '@mui/x-tree-view/SimpleTreeView';
import { TreeItem } from '@mui/x-tree-view/TreeItem';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { Schema } from '../../../api';
import { requestJson } from '../../../providers/http';
import { errorMessage } from '../hooks';

/** A node of `GET api/dept/lookup?pid=`. */
export type DeptNode = Schema<'DeptDto'>;

export interface UnitTreeTexts {
  loading: string;
  empty: string;
  /** The roots failed; `%{message}` is filled with the error. */
  failed: (message: string) => string;
  retry: string;
  /** A branch's children failed. */
  loadFailed: string;
}

const PLACEHOLDER = ':pending';

/** Query keys (the manuscript screens read the same cache). */
export const unitKeys = {
  children: (pid: number | null) => ['horizon', 'dept', 'children', pid] as const,
  all: ['horizon', 'dept', 'children'] as const,
};

/** `GET api/dept/lookup` answers a page (or, on older servers, a bare list). */
export async function deptChildren(pid: number | null, signal?: AbortSignal): Promise<DeptNode[]> {
  const answer = await requestJson<DeptNode[] | { content?: DeptNode[] } | null>(pid === null ? 'api/dept/lookup' : `api/dept/lookup?pid=${pid}`, { signal });
  return Array.isArray(answer) ? answer : Array.isArray(answer?.content) ? answer.content : [];
}

/** Whether a unit has children to load (servers send hasChildren, subCount or leaf). */
export const hasChildren = (node: DeptNode): boolean =>
  node.hasChildren ?? (typeof node.subCount === 'number' ? node.subCount > 0 : node.leaf === undefined ? true : !node.leaf);

function useDeptChildren(pid: number | null, enabled: boolean) {
  return useQuery({
    queryKey: unitKeys.children(pid),
    queryFn: ({ signal }) => deptChildren(pid, signal),
    enabled,
    staleTime: 5 * 60_000,
    retry: false,
  });
}

function Branch({ node, expanded, texts }: { node: DeptNode; expanded: ReadonlySet<string>; texts: UnitTreeTexts }) {
  const id = String(node.id);
  const kids = hasChildren(node);
  const children = useDeptChildren(node.id, kids && expanded.has(id));
  return (
    <TreeItem itemId={id} label={node.name}>
      {kids &&
        (children.data ? (
          children.data.map((child) => <Branch key={child.id} node={child} expanded={expanded} texts={texts} />)
        ) : (
          <TreeItem itemId={`${id}${PLACEHOLDER}`} disabled label={children.isError ? texts.loadFailed : texts.loading} />
        ))}
    </TreeItem>
  );
}

export interface LazyDeptTreeProps {
  value: number | null;
  onSelect: (dept: { id: number; name: string }) => void;
  /** Load the roots only while shown. */
  enabled?: boolean;
  texts: UnitTreeTexts;
}

export function LazyDeptTree({ value, onSelect, enabled = true, texts }: LazyDeptTreeProps) {
  const roots = useDeptChildren(null, enabled);
  const [expanded, setExpanded] = useState<string[]>([]);
  const expandedSet = useMemo(() => new Set(expanded), [expanded]);
  const queryClient = useQueryClient();
  /** The name of a loaded unit (every level is in the query cache). */
  const nameOf = (id: number): string | undefined => {
    for (const [, rows] of queryClient.getQueriesData<DeptNode[]>({ queryKey: unitKeys.all })) {
      const found = rows?.find((row) => row.id === id);
      if (found) return found.name;
    }
    return undefined;
  };

  if (roots.isPending) {
    return (
      <Stack direction="row" spacing={1} alignItems="center" sx={{ p: 1, color: 'text.secondary' }} role="status">
        <CircularProgress size={14} />
        <Typography variant="body2">{texts.loading}</Typography>
      </Stack>
    );
  }
  if (roots.isError) {
    return (
      <Box sx={{ p: 1 }} role="alert">
        <Typography variant="caption" color="warning.main" component="div" sx={{ wordBreak: 'break-word' }}>
          {texts.failed(errorMessage(roots.error))}
        </Typography>
        <Button size="small" onClick={() => void roots.refetch()} sx={{ mt: 0.5, px: 0, minWidth: 0 }}>
          {texts.retry}
        </Button>
      </Box>
    );
  }
  if (!roots.data.length) {
    return (
      <Typography variant="body2" color="text.secondary" sx={{ p: 1 }}>
        {texts.empty}
      </Typography>
    );
  }
  return (
    <SimpleTreeView
      expansionTrigger="iconContainer"
      expandedItems={expanded}
      onExpandedItemsChange={(_event, ids) => setExpanded(ids)}
      selectedItems={value === null ? null : String(value)}
      onSelectedItemsChange={(_event, id) => {
        if (!id || id.endsWith(PLACEHOLDER)) return;
        const deptId = Number(id);
        onSelect({ id: deptId, name: nameOf(deptId) ?? id });
      }}
      data-testid="dept-tree"
    >
      {roots.data.map((node) => (
        <Branch key={node.id} node={node} expanded={expandedSet} texts={texts} />
      ))}
    </SimpleTreeView>
  );
}

export interface DeptPickerProps {
  label: string;
  value: { id: number; name?: string } | null;
  onChange: (dept: { id: number; name: string }) => void;
  error?: string;
  required?: boolean;
  disabled?: boolean;
  texts: UnitTreeTexts;
}

/** A read-only field opening the unit tree in a popover (the upload forms' 单位). */
export function DeptPicker({ label, value, onChange, error, required, disabled, texts }: DeptPickerProps) {
  const anchor = useRef<HTMLDivElement>(null);
  const [open, setOpen] = useState(false);
  return (
    <>
      <TextField
        ref={anchor}
        label={label}
        value={value ? (value.name ?? String(value.id)) : ''}
        required={required}
        disabled={disabled}
        error={Boolean(error)}
        helperText={error ?? ' '}
        size="small"
        fullWidth
        onClick={() => !disabled && setOpen(true)}
        onKeyDown={(event) => {
          if (!disabled && (event.key === 'Enter' || event.key === ' ' || event.key === 'ArrowDown')) {
            event.preventDefault();
            setOpen(true);
          }
        }}
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
        slotProps={{ paper: { sx: { width: anchor.current?.clientWidth, minWidth: 240, maxHeight: 360 } } }}
      >
        <Box sx={{ p: 1 }}>
          <LazyDeptTree
            value={value?.id ?? null}
            enabled={open}
            texts={texts}
            onSelect={(dept) => {
              onChange(dept);
              setOpen(false);
            }}
          />
        </Box>
      </Popover>
    </>
  );
}
