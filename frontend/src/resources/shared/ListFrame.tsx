// The parts of the hand-made list pages (产品管理, 期刊管理): the search form, the action toolbar, and
// the outlined table frame with its refresh bar, error-with-retry, select-all header cell,
// skeleton and empty rows, over a pager.
import type { FormEvent, MouseEvent, ReactElement, ReactNode } from 'react';
import DeleteIcon from '@mui/icons-material/DeleteOutline';
import RefreshIcon from '@mui/icons-material/Refresh';
import SearchIcon from '@mui/icons-material/Search';
import {
  Alert,
  Box,
  Button,
  Checkbox,
  IconButton,
  LinearProgress,
  Paper,
  Skeleton,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TableRow,
  Tooltip,
  Typography,
} from '@mui/material';
import { ConfirmButton } from './ConfirmButton';
import { errorMessage } from './hooks';
import { horizon } from '../../theme/theme';

/** The header cells of these lists (pass as `sx`). */
export const listHeadSx = { bgcolor: horizon('tableHead'), color: 'text.secondary', fontWeight: 600, whiteSpace: 'nowrap' } as const;

export interface SearchFormProps {
  onSearch: (event: FormEvent) => void;
  onReset: () => void;
  searchLabel: string;
  resetLabel: string;
  /** The filter fields, before 搜索 / 重置. */
  children: ReactNode;
}

/** The filter row (a `search` landmark): the fields, then 搜索 (submit) and 重置. */
export function SearchForm({ onSearch, onReset, searchLabel, resetLabel, children }: SearchFormProps) {
  return (
    <Stack direction="row" alignItems="center" useFlexGap flexWrap="wrap" spacing={1} component="form" onSubmit={onSearch} sx={{ mb: 1.5 }} role="search">
      {children}
      <Button type="submit" size="small" variant="contained" startIcon={<SearchIcon />}>
        {searchLabel}
      </Button>
      <Button size="small" variant="outlined" startIcon={<RefreshIcon />} onClick={onReset}>
        {resetLabel}
      </Button>
    </Stack>
  );
}

export interface ActionToolbarProps {
  /** The toolbar's accessible name. */
  label: string;
  /** `已选 N 项`, shown after the buttons when given. */
  selectedText?: string | null;
  refreshLabel: string;
  onRefresh: () => void;
  /** The buttons on the left. */
  children: ReactNode;
  /** After the refresh button (e.g. the column picker). */
  end?: ReactNode;
}

/** The row of list actions (a `toolbar`): buttons, the selection count, and refresh on the right. */
export function ActionToolbar({ label, selectedText, refreshLabel, onRefresh, children, end }: ActionToolbarProps) {
  return (
    <Stack direction="row" alignItems="center" useFlexGap flexWrap="wrap" spacing={1} sx={{ mb: 1 }} role="toolbar" aria-label={label}>
      {children}
      {selectedText && (
        <Typography variant="body2" color="text.secondary">
          {selectedText}
        </Typography>
      )}
      <Box sx={{ flex: 1 }} />
      <TipIconButton label={refreshLabel} color="default" onClick={onRefresh}>
        <RefreshIcon fontSize="small" />
      </TipIconButton>
      {end}
    </Stack>
  );
}

export interface TipIconButtonProps {
  /** Tooltip and accessible name. */
  label: string;
  onClick: (event: MouseEvent<HTMLButtonElement>) => void;
  color?: 'default' | 'primary' | 'success';
  children: ReactElement;
}

/** A small icon button named by its tooltip (row actions, toolbar refresh). */
export function TipIconButton({ label, onClick, color = 'primary', children }: TipIconButtonProps) {
  return (
    <Tooltip title={label}>
      <IconButton size="small" color={color} aria-label={label} onClick={onClick}>
        {children}
      </IconButton>
    </Tooltip>
  );
}

export interface DeleteConfirmButtonProps {
  /** `icon` for a row, `text` for the toolbar. */
  variant: 'icon' | 'text';
  label: string;
  title: string;
  content: string;
  loading: boolean;
  disabled: boolean;
  onConfirm: () => void;
}

/** 删除 behind a confirmation, in the error colour. */
export function DeleteConfirmButton({ variant, ...props }: DeleteConfirmButtonProps) {
  return <ConfirmButton variant={variant} color="error" icon={<DeleteIcon fontSize={variant === 'icon' ? 'small' : 'medium'} />} {...props} />;
}

/** What the frame reads of the list's `useQuery` result. */
export interface ListQueryState {
  isFetching: boolean;
  isPending: boolean;
  isError: boolean;
  data: unknown;
  error: unknown;
  refetch: () => unknown;
}

export interface ListFrameProps {
  /** The table's accessible name. */
  label: string;
  /** The list query: `aria-busy` while fetching; a refetch over rows already shown dims the table under a thin bar. */
  query: ListQueryState;
  /** `加载失败`: with the error's message and 重试 in place of the table when nothing could be loaded. */
  failedLabel: string;
  retryLabel: string;
  /** The header cells. */
  head: ReactNode;
  /** The body rows. */
  children: ReactNode;
  /** Under the table (the pager). */
  footer: ReactNode;
}

/** The outlined frame of a list table. */
export function ListFrame({ label, query, failedLabel, retryLabel, head, children, footer }: ListFrameProps) {
  const busy = query.isFetching && !query.isPending;
  return (
    <Paper variant="outlined" sx={{ position: 'relative', overflow: 'hidden' }}>
      {busy && <LinearProgress sx={{ position: 'absolute', top: 0, left: 0, right: 0, height: 2, zIndex: 3 }} />}
      {query.isError && !query.data ? (
        <Alert
          severity="error"
          sx={{ m: 2 }}
          action={
            <Button color="inherit" size="small" onClick={() => void query.refetch()}>
              {retryLabel}
            </Button>
          }
        >
          {failedLabel}：{errorMessage(query.error)}
        </Alert>
      ) : (
        <TableContainer sx={{ opacity: busy ? 0.6 : 1, transition: 'opacity 150ms' }}>
          <Table size="small" aria-label={label} aria-busy={query.isFetching}>
            <TableHead>
              <TableRow>{head}</TableRow>
            </TableHead>
            <TableBody>{children}</TableBody>
          </Table>
        </TableContainer>
      )}
      <Box sx={{ borderTop: 1, borderColor: 'divider' }}>{footer}</Box>
    </Paper>
  );
}

/** `ids` with `id` added, or taken out when it is there. */
export const toggleId = <T,>(ids: readonly T[], id: T): T[] => (ids.includes(id) ? ids.filter((x) => x !== id) : [...ids, id]);

export interface SelectAllCellProps<T> {
  /** The ids of the rows on the page. */
  pageIds: readonly T[];
  selected: readonly T[];
  onChange: (selected: T[]) => void;
  label: string;
}

/** The header checkbox: all rows of the page chosen (or none of them any more); partly shows as indeterminate. */
export function SelectAllCell<T>({ pageIds, selected, onChange, label }: SelectAllCellProps<T>) {
  const chosen = pageIds.length > 0 && pageIds.every((id) => selected.includes(id));
  const partly = !chosen && pageIds.some((id) => selected.includes(id));
  return (
    <TableCell padding="checkbox" sx={listHeadSx}>
      <Checkbox
        size="small"
        checked={chosen}
        indeterminate={partly}
        disabled={pageIds.length === 0}
        onChange={() => onChange(chosen ? selected.filter((id) => !pageIds.includes(id)) : [...new Set([...selected, ...pageIds])])}
        slotProps={{ input: { 'aria-label': label } }}
      />
    </TableCell>
  );
}

/**
 * A row's checkbox (a click on it does not reach the row). With `disabledReason` the row cannot be
 * chosen: the checkbox is disabled and the reason is its tooltip.
 */
export function SelectRowCell({ checked, onToggle, label, disabledReason }: { checked: boolean; onToggle: () => void; label: string; disabledReason?: string | null }) {
  const box = (
    <Checkbox
      size="small"
      checked={checked}
      disabled={!!disabledReason}
      onClick={(event) => event.stopPropagation()}
      onChange={onToggle}
      slotProps={{ input: { 'aria-label': label } }}
    />
  );
  return (
    <TableCell padding="checkbox">
      {disabledReason ? (
        <Tooltip title={disabledReason} describeChild>
          <span>{box}</span>
        </Tooltip>
      ) : (
        box
      )}
    </TableCell>
  );
}

/**
 * A row action the caller may not use here: shown disabled, the reason as its tooltip (a disabled
 * button gets no pointer events, so the tooltip sits on a wrapper). `children` is the disabled button,
 * which keeps its own accessible name.
 */
export function DisabledAction({ reason, children }: { reason: string; children: ReactElement }) {
  return (
    <Tooltip title={reason} describeChild>
      <span style={{ display: 'inline-flex' }}>{children}</span>
    </Tooltip>
  );
}

/** Placeholder rows of the first load. */
export function SkeletonRows({ columns, count = 5 }: { columns: number; count?: number }) {
  return Array.from({ length: count }, (_, i) => (
    <TableRow key={i}>
      <TableCell colSpan={columns}>
        <Skeleton variant="text" width={`${80 - (i % 3) * 15}%`} />
      </TableCell>
    </TableRow>
  ));
}

/** The one row of an empty list: what is (not) there and, when given, what to do. */
export function EmptyRow({ columns, text, hint }: { columns: number; text: string; hint?: string | null }) {
  return (
    <TableRow>
      <TableCell colSpan={columns} sx={{ py: 6, textAlign: 'center', border: 0 }}>
        <Typography variant="body2" color="text.secondary">
          {text}
        </Typography>
        {hint && (
          <Typography variant="caption" color="text.disabled">
            {hint}
          </Typography>
        )}
      </TableCell>
    </TableRow>
  );
}
