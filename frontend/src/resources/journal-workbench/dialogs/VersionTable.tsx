// The versions of a copy or of the journal: version, file, time, by whom (the nickname, as the page's
// 投稿人), 下载, and 删除 (never the first; the caller decides the rest) behind 删除后不可恢复.
import DeleteIcon from '@mui/icons-material/DeleteOutline';
import DownloadIcon from '@mui/icons-material/DownloadOutlined';
import { Alert, CircularProgress, Stack, Table, TableBody, TableCell, TableHead, TableRow, Typography } from '@mui/material';
import { ConfirmButton } from '../../shared/ConfirmButton';
import { openDownload } from '../../shared/files';
import { errorMessage, useApiErrorHandler } from '../../shared/hooks';
import { listHeadSx, TipIconButton } from '../../shared/ListFrame';
import { userName } from '../format';
import type { SelectableUser, StoredFile, UserRef } from '../types';
import { useWorkbenchText } from '../useWorkbenchText';

export interface VersionRow {
  version: number;
  file: StoredFile | null;
  createTime: string;
  createBy: UserRef | null;
}

export interface VersionTableProps {
  rows: readonly VersionRow[] | undefined;
  loading: boolean;
  error: unknown;
  /** Whether deleting is offered at all (editable, not done); version 1 never is. */
  deletable: boolean;
  deleting: number | null;
  onDelete: (version: number) => void;
  /** The selectable users (nicknames); without them the account name shows. */
  users?: readonly SelectableUser[];
}

export function VersionTable({ rows, loading, error, deletable, deleting, onDelete, users }: VersionTableProps) {
  const t = useWorkbenchText();
  const onError = useApiErrorHandler();
  if (error) return <Alert severity="error">{errorMessage(error)}</Alert>;
  if (loading) {
    return (
      <Stack role="status" direction="row" spacing={1} alignItems="center" sx={{ py: 3, justifyContent: 'center', color: 'text.secondary' }}>
        <CircularProgress size={18} />
        <Typography variant="body2">{t('versions.loading')}</Typography>
      </Stack>
    );
  }
  if (!rows?.length) {
    return (
      <Typography variant="body2" color="text.secondary" sx={{ py: 3, textAlign: 'center' }}>
        {t('versions.empty')}
      </Typography>
    );
  }
  return (
    <Table size="small" sx={{ '& td, & th': { fontSize: 13 } }}>
      <TableHead>
        <TableRow>
          {(['col_version', 'col_name', 'col_time', 'col_by'] as const).map((key) => (
            <TableCell key={key} sx={listHeadSx}>
              {t(`versions.${key}`)}
            </TableCell>
          ))}
          <TableCell sx={listHeadSx}>{t('col.actions')}</TableCell>
        </TableRow>
      </TableHead>
      <TableBody>
        {rows.map((row) => (
          <TableRow key={row.version} data-version={row.version}>
            <TableCell>{t('versions.version', { version: row.version })}</TableCell>
            <TableCell>{row.file?.realName ?? <Typography variant="caption" color="text.disabled">{t('versions.no_file')}</Typography>}</TableCell>
            <TableCell sx={{ whiteSpace: 'nowrap' }}>{row.createTime}</TableCell>
            <TableCell>{userName(row.createBy, users)}</TableCell>
            <TableCell sx={{ whiteSpace: 'nowrap' }}>
              <Stack direction="row" spacing={0.25}>
                {row.file && (
                  <TipIconButton label={t('versions.download')} onClick={() => void openDownload((row.file as StoredFile).id).catch(onError)}>
                    <DownloadIcon fontSize="small" />
                  </TipIconButton>
                )}
                {deletable && row.version > 1 && (
                  <ConfirmButton
                    label={t('versions.delete')}
                    icon={<DeleteIcon fontSize="small" />}
                    color="error"
                    title={t('common.confirm_title')}
                    content={t('versions.delete_confirm')}
                    loading={deleting === row.version}
                    onConfirm={() => onDelete(row.version)}
                  />
                )}
              </Stack>
            </TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}
