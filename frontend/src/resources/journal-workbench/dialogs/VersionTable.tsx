// The versions of a copy or of the journal: version, file, time, by whom (the nickname, as the page's
// 投稿人), 编辑方式 (which online editor saved it, 上传/生成 otherwise; a stale save is marked
// 基于旧版本 — docs/office-design.md §4.9), 下载, 在线编辑, 删除 (never the first; the caller decides
// the rest) behind 删除后不可恢复, and 对比 of two ticked .docx versions (DiffDialog).
import DeleteIcon from '@mui/icons-material/DeleteOutline';
import DownloadIcon from '@mui/icons-material/DownloadOutlined';
import EditNoteIcon from '@mui/icons-material/EditNoteOutlined';
import { Alert, Button, Checkbox, Chip, CircularProgress, Stack, Table, TableBody, TableCell, TableHead, TableRow, Tooltip, Typography } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { ConfirmButton } from '../../shared/ConfirmButton';
import { openDownload } from '../../shared/files';
import { errorMessage, useApiErrorHandler } from '../../shared/hooks';
import { listHeadSx, TipIconButton } from '../../shared/ListFrame';
import { openOfficeEditor, workbenchApi, workbenchKeys } from '../api';
import { userName } from '../format';
import type { OfficeKind, OfficeVersionMeta, SelectableUser, StoredFile, UserRef } from '../types';
import type { WorkbenchKey } from '../useWorkbenchText';
import { useWorkbenchText } from '../useWorkbenchText';
import { DiffDialog, type DiffPair } from './DiffDialog';

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
  /** Whose versions these are: enables 编辑方式, 对比 and (with `onlineEdit`) 在线编辑. */
  target?: { kind: OfficeKind; id: number };
  /** 在线编辑 is offered (`GET api/office/config`). */
  onlineEdit?: boolean;
}

const EDITOR_LABEL: Record<string, WorkbenchKey> = {
  builtin: 'versions.editor_builtin',
  onlyoffice: 'versions.editor_onlyoffice',
  wopi: 'versions.editor_wopi',
};

/** A file the diff can read (`GET api/office/diff` compares .docx only). */
export const isDocx = (file: StoredFile | null): boolean =>
  Boolean(file) && ((file as StoredFile).suffix?.toLowerCase() === 'docx' || /\.docx$/i.test((file as StoredFile).realName ?? ''));

/** 编辑方式 of one version: the editor that saved it (基于旧版本 for a stale save), 上传/生成 without a save record. */
function EditorCell({ meta, loaded }: { meta: OfficeVersionMeta | undefined; loaded: boolean }) {
  const t = useWorkbenchText();
  if (!loaded) return null;
  if (!meta?.editor) return <Typography variant="caption" color="text.secondary">{t('versions.editor_none')}</Typography>;
  return (
    <Stack direction="row" spacing={0.5} alignItems="center">
      <span>{t(EDITOR_LABEL[meta.editor] ?? 'versions.editor_builtin')}</span>
      {meta.stale && (
        <Tooltip title={t('versions.stale_hint')}>
          <Chip size="small" color="warning" variant="outlined" label={t('versions.stale')} sx={{ height: 20, fontSize: 12 }} />
        </Tooltip>
      )}
    </Stack>
  );
}

export function VersionTable({ rows, loading, error, deletable, deleting, onDelete, users, target, onlineEdit = false }: VersionTableProps) {
  const t = useWorkbenchText();
  const onError = useApiErrorHandler();
  const meta = useQuery({
    queryKey: workbenchKeys.officeVersions(target?.kind ?? 'journal', target?.id ?? 0),
    queryFn: ({ signal }) => workbenchApi.officeVersions(target!.kind, target!.id, signal),
    enabled: Boolean(target && target.id > 0),
    staleTime: 0,
    retry: false,
  });
  // joined on the stored file: a version number reused after a deletion never shows another's editor
  const byFile = useMemo(() => new Map((meta.data ?? []).map((m) => [m.fileId, m])), [meta.data]);
  const [picked, setPicked] = useState<number[]>([]);
  const [pair, setPair] = useState<DiffPair | null>(null);
  const docxRows = (rows ?? []).filter((row) => isDocx(row.file));
  const comparable = Boolean(target) && docxRows.length >= 2;
  // versions deleted meanwhile drop out of the choice
  const chosen = picked.filter((version) => docxRows.some((row) => row.version === version));
  const toggle = (version: number, on: boolean) => setPicked(on ? [...chosen, version] : chosen.filter((v) => v !== version));
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
    <>
      {comparable && (
        <Stack direction="row" spacing={1} alignItems="center" sx={{ mb: 1 }}>
          <Button
            size="small"
            variant="outlined"
            disabled={chosen.length !== 2}
            onClick={() => {
              const [from, to] = [...chosen].sort((a, b) => a - b);
              setPair({ kind: target!.kind, id: target!.id, from, to });
            }}
          >
            {t('versions.compare')}
          </Button>
          <Typography variant="caption" color="text.secondary">
            {t('versions.compare_hint')}
          </Typography>
        </Stack>
      )}
      <Table size="small" sx={{ '& td, & th': { fontSize: 13 } }}>
        <TableHead>
          <TableRow>
            {comparable && <TableCell padding="checkbox" sx={listHeadSx} />}
            {(['col_version', 'col_name', 'col_time', 'col_by', ...(target ? (['col_editor'] as const) : [])] as const).map((key) => (
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
              {comparable && (
                <TableCell padding="checkbox">
                  {isDocx(row.file) && (
                    <Checkbox
                      size="small"
                      checked={chosen.includes(row.version)}
                      disabled={!chosen.includes(row.version) && chosen.length >= 2}
                      onChange={(event) => toggle(row.version, event.target.checked)}
                      slotProps={{ input: { 'aria-label': t('versions.pick', { version: row.version }) } }}
                    />
                  )}
                </TableCell>
              )}
              <TableCell>{t('versions.version', { version: row.version })}</TableCell>
              <TableCell>{row.file?.realName ?? <Typography variant="caption" color="text.disabled">{t('versions.no_file')}</Typography>}</TableCell>
              <TableCell sx={{ whiteSpace: 'nowrap' }}>{row.createTime}</TableCell>
              <TableCell>{userName(row.createBy, users)}</TableCell>
              {target && (
                <TableCell data-testid="version-editor">
                  <EditorCell meta={row.file ? byFile.get(row.file.id) : undefined} loaded={meta.isSuccess} />
                </TableCell>
              )}
              <TableCell sx={{ whiteSpace: 'nowrap' }}>
                <Stack direction="row" spacing={0.25}>
                  {row.file && (
                    <TipIconButton label={t('versions.download')} onClick={() => void openDownload((row.file as StoredFile).id).catch(onError)}>
                      <DownloadIcon fontSize="small" />
                    </TipIconButton>
                  )}
                  {onlineEdit && target && row.file && (
                    <TipIconButton label={t('versions.online_edit')} onClick={() => openOfficeEditor(target.kind, target.id, row.version)}>
                      <EditNoteIcon fontSize="small" />
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
      <DiffDialog pair={pair} onClose={() => setPair(null)} />
    </>
  );
}
