import type { ReactNode } from 'react';
import AddIcon from '@mui/icons-material/Add';
import EditIcon from '@mui/icons-material/EditOutlined';
import { alpha, Box, Button, Chip, IconButton, lighten, Stack, TablePagination, type Theme, Tooltip, Typography } from '@mui/material';
import { Pagination, TopToolbar, useListContext } from 'react-admin';
import { useCan } from './access';
import { ExportButton } from './ExportButton';
import { MESSAGES } from './text';
import { horizon } from '../../theme/theme';

/** Page sizes of the spec (§9); 20 is the default. */
export const PAGE_SIZES = [20, 30, 50, 100, 500, 1000];
export const DEFAULT_PAGE_SIZE = 20;

export const ListPagination = () => <Pagination rowsPerPageOptions={PAGE_SIZES} />;

/** `第 1-20 条，共 35 条`, the wording of the react-admin lists. */
export const pageRangeText = ({ from, to, count }: { from: number; to: number; count: number }): string =>
  count === 0 ? '共 0 条' : `第 ${from}-${to} 条，共 ${count} 条`;

export interface TablePagerProps {
  count: number;
  /** Zero-based, as the API pages. */
  page: number;
  size: number;
  sizes?: number[];
  onPageChange: (page: number) => void;
  onSizeChange: (size: number) => void;
}

/** Pagination of the tables that are not react-admin lists, worded like the lists. */
export function TablePager({ count, page, size, sizes = PAGE_SIZES, onPageChange, onSizeChange }: TablePagerProps) {
  return (
    <TablePagination
      component="div"
      count={count}
      page={page}
      rowsPerPage={size}
      rowsPerPageOptions={sizes}
      onPageChange={(_event, next) => onPageChange(next)}
      onRowsPerPageChange={(event) => onSizeChange(Number(event.target.value))}
      labelRowsPerPage="每页条数："
      labelDisplayedRows={pageRangeText}
      getItemAriaLabel={(type) => (type === 'previous' ? '上一页' : type === 'next' ? '下一页' : type === 'first' ? '第一页' : '最后一页')}
    />
  );
}

/**
 * The 操作 column: one line, and pinned to the right edge when a wide table scrolls sideways
 * (pass as the column's `sx`).
 */
export const actionsColumnSx = {
  position: 'sticky',
  right: 0,
  zIndex: 1,
  bgcolor: 'background.paper',
  // the table's own cell border colour
  boxShadow: (theme: Theme) => `inset 1px 0 0 ${lighten(alpha(theme.palette.divider, 1), 0.88)}`,
  '&.MuiTableCell-head': { bgcolor: horizon('tableHead'), zIndex: 2 },
} as const;

export const EmptyState = ({ text = MESSAGES.empty }: { text?: string }) => (
  <Box sx={{ py: 4, textAlign: 'center' }}>
    <Typography variant="body2" color="text.secondary">
      {text}
    </Typography>
  </Box>
);

export const enabledChoices = [
  { id: 'true', name: '启用' },
  { id: 'false', name: '禁用' },
];

export interface ListToolbarProps {
  onCreate?: () => void;
  /** Export through `GET {exportPath}/download` with the current filters. */
  exportPath?: string;
  exportTitle?: string;
  children?: ReactNode;
}

/** Toolbar of the admin lists: 新增 (create permission), 导出 (export permission), extras. */
export function ListToolbar({ onCreate, exportPath, exportTitle = '', children }: ListToolbarProps) {
  const { resource } = useListContext();
  const canCreate = useCan('create', resource);
  return (
    <TopToolbar>
      {onCreate && canCreate && (
        <Button size="small" variant="contained" startIcon={<AddIcon />} onClick={onCreate}>
          新增
        </Button>
      )}
      {exportPath && <ExportButton apiPath={exportPath} title={exportTitle} />}
      {children}
    </TopToolbar>
  );
}

export function EditIconButton({ onClick, label = '编辑' }: { onClick: () => void; label?: string }) {
  const canEdit = useCan('edit');
  if (!canEdit) return null;
  return (
    <Tooltip title={label}>
      <IconButton
        size="small"
        color="primary"
        aria-label={label}
        onClick={(event) => {
          event.stopPropagation();
          onClick();
        }}
      >
        <EditIcon fontSize="small" />
      </IconButton>
    </Tooltip>
  );
}

export const RowActions = ({ children }: { children: ReactNode }) => (
  <Stack direction="row" spacing={0.5} alignItems="center">
    {children}
  </Stack>
);

export const YesNo = ({ value, yes = '是', no = '否' }: { value: boolean | null | undefined; yes?: string; no?: string }) => (
  <Chip size="small" variant="outlined" color={value ? 'primary' : 'default'} label={value ? yes : no} />
);

/** A list beside a side panel (dept tree, 菜单分配, 字典详情); stacked on narrow screens. */
export const splitLayoutSx = {
  display: 'flex',
  flexDirection: { xs: 'column', md: 'row' },
  alignItems: { xs: 'stretch', md: 'flex-start' },
  gap: 1.5,
  pt: 1,
} as const;

/** A long text cell cut to one line with an ellipsis; the whole text shows on hover. */
export function EllipsisText({ text, maxWidth = 240 }: { text: string | null | undefined; maxWidth?: number }) {
  const value = text ?? '';
  return (
    <Tooltip title={value} enterDelay={500}>
      <Box component="span" sx={{ display: 'block', maxWidth, overflow: 'hidden', textOverflow: 'ellipsis' }}>
        {value}
      </Box>
    </Tooltip>
  );
}
