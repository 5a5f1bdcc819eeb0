import type { ReactNode } from 'react';
import AddIcon from '@mui/icons-material/Add';
import EditIcon from '@mui/icons-material/EditOutlined';
import { Box, Button, Chip, IconButton, Stack, Tooltip, Typography } from '@mui/material';
import { Pagination, TopToolbar, useListContext } from 'react-admin';
import { useCan } from './access';
import { ExportButton } from './ExportButton';
import { MESSAGES } from './text';

/** Page sizes of the spec (§9); 20 is the default. */
export const PAGE_SIZES = [20, 30, 50, 100, 500, 1000];
export const DEFAULT_PAGE_SIZE = 20;

export const ListPagination = () => <Pagination rowsPerPageOptions={PAGE_SIZES} />;

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
