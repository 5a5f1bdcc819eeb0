import { useRef, useState } from 'react';
import {
  Box,
  Button,
  Card,
  Checkbox,
  LinearProgress,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TablePagination,
  TableRow,
  TextField,
  Typography,
} from '@mui/material';
import DeleteOutline from '@mui/icons-material/DeleteOutline';
import SearchIcon from '@mui/icons-material/Search';
import UploadFileOutlined from '@mui/icons-material/UploadFileOutlined';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { Confirm, usePermissions } from 'react-admin';
import { Navigate } from 'react-router-dom';
import { api } from '../../resources/api';
import { openDownload, uploadFile } from '../../resources/shared/files/api';
import { formatSize } from '../../resources/shared/files/rules';
import type { StoredFile } from '../../resources/shared/files/types';
import { useApiErrorHandler, useNotifyText, useQueryErrorHandler } from '../../resources/shared/hooks';
import { can } from '../../providers/permissions';
import { useStorageText } from './useStorageText';

export const FILES_PATH = 'api/localStorage';

interface FilesPageBody {
  content: StoredFile[];
  totalElements: number;
}

const filesKey = (page: number, size: number, blurry: string) => ['horizon', 'storage', 'files', page, size, blurry] as const;

/**
 * 文件存储 (/localStorage, `api/localStorage`, codes `storage:*`): the stored files with their
 * uploader, size and type, newest first; search by name, upload (any type, the server's size
 * limit), download through a short-lived signed link, delete.
 */
export function FilesPage() {
  const t = useStorageText();
  const notify = useNotifyText();
  const onError = useApiErrorHandler();
  const queryClient = useQueryClient();
  const { permissions } = usePermissions<string[]>();
  const codes = Array.isArray(permissions) ? permissions : [];
  const may = { list: can(codes, 'storage:list'), add: can(codes, 'storage:add'), del: can(codes, 'storage:del') };
  const [page, setPage] = useState(0);
  const [size, setSize] = useState(20);
  const [text, setText] = useState('');
  const [blurry, setBlurry] = useState('');
  const [selected, setSelected] = useState<number[]>([]);
  const [deleting, setDeleting] = useState<number[]>([]);
  const [busy, setBusy] = useState(false);
  const [progress, setProgress] = useState<number | null>(null);
  const input = useRef<HTMLInputElement>(null);

  const list = useQuery({
    queryKey: filesKey(page, size, blurry),
    queryFn: () => api.get<FilesPageBody>(FILES_PATH, { page, size, sort: 'id,desc', blurry }),
    placeholderData: keepPreviousData,
    enabled: may.list,
  });
  useQueryErrorHandler(list.error);
  const rows = list.data?.content ?? [];
  const reload = () => queryClient.invalidateQueries({ queryKey: ['horizon', 'storage', 'files'] });

  const upload = async (file: File) => {
    setProgress(0);
    try {
      await uploadFile(FILES_PATH, file, {}, { wordOnly: false, onProgress: setProgress });
      notify(t('files.uploaded', { name: file.name }));
      setPage(0);
      await reload();
    } catch (error) {
      onError(error);
    } finally {
      setProgress(null);
    }
  };

  const remove = async () => {
    setBusy(true);
    try {
      await api.del(FILES_PATH, deleting);
      notify(t('common.deleted'));
      setSelected((current) => current.filter((id) => !deleting.includes(id)));
      setDeleting([]);
      await reload();
    } catch (error) {
      onError(error);
    } finally {
      setBusy(false);
    }
  };

  const download = async (file: StoredFile) => {
    try {
      await openDownload(file.id);
    } catch (error) {
      onError(error);
    }
  };

  // the tab is shown to holders of storage:list only; a typed address without it is refused here
  if (permissions !== undefined && !may.list) return <Navigate to="/401" replace />;

  const toggle = (id: number) => setSelected((current) => (current.includes(id) ? current.filter((v) => v !== id) : [...current, id]));
  const allShown = rows.length > 0 && rows.every((row) => selected.includes(row.id));

  return (
    <Card component="section" aria-label={t('files.title')} sx={{ p: 2, maxWidth: 1400, mx: 'auto' }}>
      <Typography variant="subtitle1" component="h2" sx={{ fontWeight: 600, mb: 1.5 }}>
        {t('files.title')}
      </Typography>
      <Box
        component="form"
        sx={{ display: 'flex', gap: 1, flexWrap: 'wrap', alignItems: 'center', mb: 1.5 }}
        onSubmit={(event) => {
          event.preventDefault();
          setPage(0);
          setBlurry(text.trim().slice(0, 100));
        }}
      >
        <TextField size="small" sx={{ width: 240 }} label={t('files.search')} value={text} onChange={(event) => setText(event.target.value)} slotProps={{ htmlInput: { maxLength: 100 } }} />
        <Button type="submit" variant="outlined" startIcon={<SearchIcon />}>
          {t('files.search_button')}
        </Button>
        <Box sx={{ flex: 1 }} />
        {may.add && (
          <>
            <input
              ref={input}
              type="file"
              hidden
              data-testid="files-input"
              aria-label={t('files.upload')}
              onChange={(event) => {
                const file = event.target.files?.[0];
                event.target.value = '';
                if (file) void upload(file);
              }}
            />
            <Button variant="contained" startIcon={<UploadFileOutlined />} disabled={progress !== null} onClick={() => input.current?.click()}>
              {progress === null ? t('files.upload') : t('files.uploading', { percent: progress })}
            </Button>
          </>
        )}
        {may.del && (
          <Button color="error" variant="outlined" startIcon={<DeleteOutline />} disabled={selected.length === 0} onClick={() => setDeleting(selected)}>
            {t('common.delete')}
          </Button>
        )}
      </Box>
      {progress !== null && <LinearProgress variant="determinate" value={progress} sx={{ mb: 1 }} />}
      {list.isPending ? (
        <LinearProgress />
      ) : rows.length === 0 ? (
        <Typography variant="body2" color="text.secondary" sx={{ py: 2 }}>
          {t('common.empty')}
        </Typography>
      ) : (
        <TableContainer>
          <Table size="small" aria-label={t('files.title')}>
            <TableHead>
              <TableRow>
                {may.del && (
                  <TableCell padding="checkbox">
                    <Checkbox
                      checked={allShown}
                      onChange={() => setSelected(allShown ? [] : rows.map((row) => row.id))}
                      slotProps={{ input: { 'aria-label': t('files.select_all') } }}
                    />
                  </TableCell>
                )}
                <TableCell>{t('files.col_name')}</TableCell>
                <TableCell>{t('files.col_type')}</TableCell>
                <TableCell>{t('files.col_size')}</TableCell>
                <TableCell>{t('files.col_owner')}</TableCell>
                <TableCell>{t('files.col_time')}</TableCell>
                <TableCell>{t('files.col_actions')}</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {rows.map((file) => (
                <TableRow key={file.id} data-testid={`file-${file.id}`} selected={selected.includes(file.id)}>
                  {may.del && (
                    <TableCell padding="checkbox">
                      <Checkbox checked={selected.includes(file.id)} onChange={() => toggle(file.id)} slotProps={{ input: { 'aria-label': file.realName } }} />
                    </TableCell>
                  )}
                  <TableCell sx={{ maxWidth: 360, wordBreak: 'break-all' }}>{file.realName}</TableCell>
                  <TableCell>{file.suffix || file.type}</TableCell>
                  <TableCell sx={{ whiteSpace: 'nowrap' }}>{formatSize(Number(file.size))}</TableCell>
                  <TableCell>{file.handlerName ?? ''}</TableCell>
                  <TableCell sx={{ whiteSpace: 'nowrap' }}>{String(file.createTime ?? '')}</TableCell>
                  <TableCell sx={{ whiteSpace: 'nowrap' }}>
                    <Button size="small" onClick={() => void download(file)}>
                      {t('common.download')}
                    </Button>
                    {may.del && (
                      <Button size="small" color="error" onClick={() => setDeleting([file.id])}>
                        {t('common.delete')}
                      </Button>
                    )}
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </TableContainer>
      )}
      <TablePagination
        component="div"
        count={list.data?.totalElements ?? 0}
        page={page}
        rowsPerPage={size}
        rowsPerPageOptions={[10, 20, 50, 100]}
        onPageChange={(_event, next) => setPage(next)}
        onRowsPerPageChange={(event) => {
          setSize(Number(event.target.value));
          setPage(0);
        }}
        labelRowsPerPage={t('files.per_page')}
        labelDisplayedRows={({ from, to, count }) => t('files.displayed', { from, to, count })}
      />
      <Confirm
        isOpen={deleting.length > 0}
        loading={busy}
        title={t('common.delete_confirm_title')}
        content={t('common.delete_confirm', { count: deleting.length })}
        onClose={() => setDeleting([])}
        onConfirm={() => void remove()}
      />
    </Card>
  );
}

export default FilesPage;
