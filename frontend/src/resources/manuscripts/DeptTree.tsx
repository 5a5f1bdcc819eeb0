// Units (departments) as a lazily loaded tree: the roots first, a unit's children when it is
// expanded (`GET api/dept/lookup?pid=`). Used by the 全部 tab's unit filter and the upload form's 单位.
import { useMemo, useRef, useState } from 'react';
import ArrowDropDownIcon from '@mui/icons-material/ArrowDropDown';
import { Box, Button, CircularProgress, InputAdornment, Popover, Stack, TextField, Typography } from '@mui/material';
import { SimpleTreeView } from '@mui/x-tree-view/SimpleTreeView';
import { TreeItem } from '@mui/x-tree-view/TreeItem';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { errorMessage } from '../shared/hooks';
import { manuscriptKeys, manuscriptsApi } from './api';
import type { DeptNode } from './types';
import { useManuscriptText } from './useManuscriptText';

const PLACEHOLDER = ':pending';
const DEPT_CHILDREN_KEY = manuscriptKeys.depts(null).slice(0, 3);

/** Whether a unit has children to load (servers send hasChildren, subCount or leaf). */
export const hasChildren = (node: DeptNode): boolean =>
  node.hasChildren ?? (typeof node.subCount === 'number' ? node.subCount > 0 : node.leaf === undefined ? true : !node.leaf);

function useDeptChildren(pid: number | null, enabled: boolean) {
  return useQuery({
    queryKey: manuscriptKeys.depts(pid),
    queryFn: ({ signal }) => manuscriptsApi.depts(pid, signal),
    enabled,
    staleTime: 5 * 60_000,
    retry: false,
  });
}

function Branch({ node, expanded }: { node: DeptNode; expanded: ReadonlySet<string> }) {
  const t = useManuscriptText();
  const id = String(node.id);
  const kids = hasChildren(node);
  const children = useDeptChildren(node.id, kids && expanded.has(id));
  return (
    <TreeItem itemId={id} label={node.name}>
      {kids &&
        (children.data ? (
          children.data.map((child) => <Branch key={child.id} node={child} expanded={expanded} />)
        ) : (
          <TreeItem itemId={`${id}${PLACEHOLDER}`} disabled label={children.isError ? t('common.load_failed') : t('dept_tree.loading')} />
        ))}
    </TreeItem>
  );
}

export interface LazyDeptTreeProps {
  value: number | null;
  onSelect: (dept: { id: number; name: string }) => void;
  /** Load the roots only while shown. */
  enabled?: boolean;
}

export function LazyDeptTree({ value, onSelect, enabled = true }: LazyDeptTreeProps) {
  const t = useManuscriptText();
  const roots = useDeptChildren(null, enabled);
  const [expanded, setExpanded] = useState<string[]>([]);
  const expandedSet = useMemo(() => new Set(expanded), [expanded]);
  const queryClient = useQueryClient();
  /** The name of a loaded unit (every level is in the query cache). */
  const nameOf = (id: number): string | undefined => {
    for (const [, rows] of queryClient.getQueriesData<DeptNode[]>({ queryKey: DEPT_CHILDREN_KEY })) {
      const found = rows?.find((row) => row.id === id);
      if (found) return found.name;
    }
    return undefined;
  };

  if (roots.isPending) {
    return (
      <Stack direction="row" spacing={1} alignItems="center" sx={{ p: 1, color: 'text.secondary' }} role="status">
        <CircularProgress size={14} />
        <Typography variant="body2">{t('dept_tree.loading')}</Typography>
      </Stack>
    );
  }
  if (roots.isError) {
    return (
      <Box sx={{ p: 1 }} role="alert">
        <Typography variant="caption" color="warning.main" component="div" sx={{ wordBreak: 'break-word' }}>
          {t('dept_tree.failed', { message: errorMessage(roots.error) })}
        </Typography>
        <Button size="small" onClick={() => void roots.refetch()} sx={{ mt: 0.5, px: 0, minWidth: 0 }}>
          {t('dept_tree.retry')}
        </Button>
      </Box>
    );
  }
  if (!roots.data.length) {
    return (
      <Typography variant="body2" color="text.secondary" sx={{ p: 1 }}>
        {t('dept_tree.empty')}
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
        <Branch key={node.id} node={node} expanded={expandedSet} />
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
}

/** A read-only field opening the unit tree in a popover (the upload form's 单位). */
export function DeptPicker({ label, value, onChange, error, required, disabled }: DeptPickerProps) {
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
