import { useState } from 'react';
import LogoutIcon from '@mui/icons-material/PowerSettingsNewOutlined';
import DownloadIcon from '@mui/icons-material/FileDownloadOutlined';
import RefreshIcon from '@mui/icons-material/Refresh';
import {
  Box,
  Button,
  Card,
  Checkbox,
  Chip,
  LinearProgress,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TableRow,
  TextField,
  Tooltip,
} from '@mui/material';
import { Title } from 'react-admin';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api, apiDownload, saveBlob } from '../api';
import { useCan } from '../shared/access';
import { ConfirmButton } from '../shared/ConfirmButton';
import { useApiErrorHandler, useApiMutation, useDebouncedValue, useQueryErrorHandler } from '../shared/hooks';
import { actionsColumnSx, DEFAULT_PAGE_SIZE, EmptyState, TablePager } from '../shared/ListParts';
import { exportFileName } from '../shared/text';
import type { OnlineUser, Page } from '../types';
import { browserSummary } from '../../utils/userAgent';
import { kickableKeys, kickConfirmText } from './online';

const RESOURCE = 'monitor/online';

/**
 * 在线用户 (`GET auth/online`). Rows are keyed by the session `key`, not an id, so this screen talks to
 * the API directly instead of through the dataProvider.
 */
export function OnlineList() {
  const [username, setUsername] = useState('');
  const [page, setPage] = useState(0);
  const [size, setSize] = useState(DEFAULT_PAGE_SIZE);
  const [selected, setSelected] = useState<string[]>([]);
  const [exporting, setExporting] = useState(false);
  const onError = useApiErrorHandler();
  const canKick = useCan('delete', RESOURCE);
  const search = useDebouncedValue(username.trim());

  const { data, isPending, isFetching, refetch, error } = useQuery({
    queryKey: ['horizon', 'online', search, page, size],
    queryFn: () => api.get<Page<OnlineUser>>('auth/online', { username: search, page, size }),
    placeholderData: keepPreviousData,
  });
  useQueryErrorHandler(error);
  const rows = data?.content ?? [];
  const kick = useApiMutation((keys: string[]) => api.del('auth/online', keys), {
    successMessage: '强退成功',
    onSuccess: () => setSelected([]),
  });

  /** `GET auth/online/download?username=` saved as `yyyy-MM-dd HH:mm:ss-在线用户数据.xlsx`. */
  const download = async () => {
    setExporting(true);
    try {
      saveBlob(await apiDownload('auth/online/download', { username: search }), exportFileName('在线用户'));
    } catch (e) {
      onError(e);
    } finally {
      setExporting(false);
    }
  };

  const toggle = (key: string) => setSelected((s) => (s.includes(key) ? s.filter((k) => k !== key) : [...s, key]));
  const bulk = rows.filter((r) => kickableKeys(rows, selected).includes(r.key));

  return (
    <Card sx={{ mt: 1, p: 1.5 }}>
      <Title title="在线用户" />
      <Box sx={{ display: 'flex', gap: 1, alignItems: 'center', mb: 1 }}>
        <TextField
          size="small"
          sx={{ width: { xs: '100%', sm: 240 } }}
          label="用户名"
          placeholder="输入用户名搜索"
          value={username}
          onChange={(e) => {
            setUsername(e.target.value);
            setPage(0);
          }}
        />
        <Button size="small" startIcon={<RefreshIcon />} onClick={() => void refetch()}>
          刷新
        </Button>
        <Button size="small" startIcon={<DownloadIcon />} onClick={() => void download()} disabled={exporting}>
          导出
        </Button>
        <Box sx={{ flex: 1 }} />
        {canKick && bulk.length > 0 && (
          <ConfirmButton
            variant="text"
            label="强退"
            color="error"
            icon={<LogoutIcon />}
            content={kickConfirmText(bulk)}
            loading={kick.isPending}
            onConfirm={() => kick.mutate(bulk.map((r) => r.key))}
          />
        )}
      </Box>
      {(isPending || isFetching) && <LinearProgress />}
      <TableContainer>
        <Table size="small">
          <TableHead>
            <TableRow>
              {canKick && <TableCell padding="checkbox" />}
              <TableCell>用户名</TableCell>
              <TableCell>用户昵称</TableCell>
              <TableCell>部门</TableCell>
              <TableCell>登录IP</TableCell>
              <TableCell>登录地点</TableCell>
              <TableCell>浏览器</TableCell>
              <TableCell>登录时间</TableCell>
              <TableCell>最后访问</TableCell>
              {canKick && <TableCell sx={actionsColumnSx}>操作</TableCell>}
            </TableRow>
          </TableHead>
          <TableBody>
            {rows.map((row) => (
              <TableRow key={row.key} hover selected={row.current}>
                {canKick && (
                  <TableCell padding="checkbox">
                    <Checkbox
                      size="small"
                      disabled={row.current}
                      checked={selected.includes(row.key)}
                      onChange={() => toggle(row.key)}
                      slotProps={{ input: { 'aria-label': '选择' } }}
                    />
                  </TableCell>
                )}
                <TableCell>
                  {row.userName}
                  {row.current && <Chip size="small" color="success" label="当前会话" sx={{ ml: 1 }} />}
                </TableCell>
                <TableCell>{row.nickName ?? ''}</TableCell>
                <TableCell>{row.dept ?? ''}</TableCell>
                <TableCell>{row.ip ?? ''}</TableCell>
                <TableCell>{row.address ?? ''}</TableCell>
                <TableCell>
                  <Tooltip title={row.browser ?? ''}>
                    <span>{browserSummary(row.browser)}</span>
                  </Tooltip>
                </TableCell>
                <TableCell>{row.loginTime ?? ''}</TableCell>
                <TableCell>{row.lastAccessTime ?? ''}</TableCell>
                {canKick && (
                  <TableCell sx={actionsColumnSx}>
                    {!row.current && (
                      <ConfirmButton
                        label="强退"
                        color="error"
                        icon={<LogoutIcon fontSize="small" />}
                        content={kickConfirmText([row])}
                        loading={kick.isPending}
                        onConfirm={() => kick.mutate([row.key])}
                      />
                    )}
                  </TableCell>
                )}
              </TableRow>
            ))}
            {!isPending && rows.length === 0 && (
              <TableRow>
                <TableCell colSpan={10}>
                  <EmptyState text={error ? `加载失败：${error.message}` : undefined} />
                </TableCell>
              </TableRow>
            )}
          </TableBody>
        </Table>
      </TableContainer>
      <TablePager
        count={data?.totalElements ?? 0}
        page={page}
        size={size}
        onPageChange={setPage}
        onSizeChange={(next) => {
          setSize(next);
          setPage(0);
        }}
      />
    </Card>
  );
}
