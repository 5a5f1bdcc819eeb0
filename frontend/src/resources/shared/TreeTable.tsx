import { type ReactNode, useMemo, useState } from 'react';
import ChevronRightIcon from '@mui/icons-material/ChevronRight';
import ExpandMoreIcon from '@mui/icons-material/ExpandMore';
import {
  Box,
  Checkbox,
  IconButton,
  LinearProgress,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TableRow,
  type SxProps,
  type Theme,
} from '@mui/material';
import { type SortPayload, useGetList, useListContext } from 'react-admin';
import { EmptyState } from './ListParts';
import { buildTree } from './tree';

export interface TreeRecord {
  id: number;
  pid?: number | null;
  hasChildren?: boolean;
  subCount?: number;
  children?: TreeRecord[] | null;
}

export interface TreeColumn<T> {
  label: string;
  render: (row: T) => ReactNode;
  width?: number | string;
  /** Applied to the header and body cells of the column (e.g. `actionsColumnSx`). */
  sx?: SxProps<Theme>;
}

export interface TreeTableProps<T extends TreeRecord> {
  /** The first column carries the indentation and the expand toggle. */
  columns: TreeColumn<T>[];
  /** Sort of the lazily loaded children (`GET apiPath?pid=<id>`). */
  childSort: SortPayload;
  selectable?: boolean;
}

const hasKids = (row: TreeRecord) => (row.children?.length ?? 0) > 0 || Boolean(row.hasChildren) || (row.subCount ?? 0) > 0;

/**
 * A tree table over the list context: roots come from the list (`GET apiPath`, roots when
 * unfiltered), children are loaded on expansion with `pid=<id>`. With filters the server answers
 * the flat matches, which are nested by `pid` where both ends matched.
 */
export function TreeTable<T extends TreeRecord>({ columns, childSort, selectable = true }: TreeTableProps<T>) {
  const { data, isPending, filterValues } = useListContext<T & { id: number }>();
  const filtered = Object.keys(filterValues ?? {}).length > 0;
  const rows = useMemo(() => (filtered ? (buildTree(data ?? []) as unknown as T[]) : (data ?? [])), [data, filtered]);

  return (
    <TableContainer>
      {isPending && <LinearProgress />}
      <Table size="small">
        <TableHead>
          <TableRow>
            {selectable && <TableCell padding="checkbox" />}
            {columns.map((col) => (
              <TableCell key={col.label} sx={[{ width: col.width }, ...(col.sx ? [col.sx] : [])] as SxProps<Theme>}>
                {col.label}
              </TableCell>
            ))}
          </TableRow>
        </TableHead>
        <TableBody>
          {rows.map((row) => (
            <TreeRow key={row.id} row={row} depth={0} columns={columns} childSort={childSort} selectable={selectable} />
          ))}
          {!isPending && rows.length === 0 && (
            <TableRow>
              <TableCell colSpan={columns.length + (selectable ? 1 : 0)}>
                <EmptyState />
              </TableCell>
            </TableRow>
          )}
        </TableBody>
      </Table>
    </TableContainer>
  );
}

interface RowProps<T extends TreeRecord> {
  row: T;
  depth: number;
  columns: TreeColumn<T>[];
  childSort: SortPayload;
  selectable: boolean;
}

function TreeRow<T extends TreeRecord>({ row, depth, columns, childSort, selectable }: RowProps<T>) {
  const { selectedIds, onToggleItem } = useListContext();
  const [open, setOpen] = useState(false);
  const expandable = hasKids(row);
  const loaded = (row.children?.length ?? 0) > 0 ? (row.children as T[]) : null;
  const [first, ...rest] = columns;
  return (
    <>
      <TableRow hover>
        {selectable && (
          <TableCell padding="checkbox">
            <Checkbox
              size="small"
              checked={selectedIds.includes(row.id)}
              onChange={() => onToggleItem(row.id)}
              slotProps={{ input: { 'aria-label': '选择' } }}
            />
          </TableCell>
        )}
        <TableCell>
          <Box sx={{ display: 'flex', alignItems: 'center', pl: depth * 2.5 }}>
            {expandable ? (
              <IconButton size="small" aria-label={open ? '收起' : '展开'} onClick={() => setOpen(!open)}>
                {open ? <ExpandMoreIcon fontSize="small" /> : <ChevronRightIcon fontSize="small" />}
              </IconButton>
            ) : (
              <Box sx={{ width: 28 }} />
            )}
            {first.render(row)}
          </Box>
        </TableCell>
        {rest.map((col) => (
          <TableCell key={col.label} sx={col.sx}>
            {col.render(row)}
          </TableCell>
        ))}
      </TableRow>
      {open &&
        (loaded ? (
          loaded.map((child) => (
            <TreeRow key={child.id} row={child} depth={depth + 1} columns={columns} childSort={childSort} selectable={selectable} />
          ))
        ) : (
          <LazyChildren parent={row} depth={depth + 1} columns={columns} childSort={childSort} selectable={selectable} />
        ))}
    </>
  );
}

function LazyChildren<T extends TreeRecord>({ parent, ...props }: Omit<RowProps<T>, 'row'> & { parent: T }) {
  const { resource } = useListContext();
  const { data, isPending } = useGetList<T & { id: number }>(resource, {
    filter: { pid: parent.id },
    pagination: { page: 1, perPage: 1000 },
    sort: props.childSort,
  });
  if (isPending) {
    return (
      <TableRow>
        <TableCell colSpan={props.columns.length + (props.selectable ? 1 : 0)} sx={{ p: 0 }}>
          <LinearProgress />
        </TableCell>
      </TableRow>
    );
  }
  return (
    <>
      {(data ?? []).map((child) => (
        <TreeRow key={child.id} row={child} {...props} />
      ))}
    </>
  );
}
