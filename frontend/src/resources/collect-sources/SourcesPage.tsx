import { type ChangeEvent, useRef, useState } from 'react';
import {
  Alert,
  Box,
  Button,
  Checkbox,
  Chip,
  IconButton,
  Link,
  ListItemIcon,
  ListItemText,
  Menu,
  MenuItem,
  Paper,
  Skeleton,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TablePagination,
  TableRow,
  TextField,
  Tooltip,
  Typography,
} from '@mui/material';
import AddIcon from '@mui/icons-material/Add';
import DeleteOutline from '@mui/icons-material/DeleteOutline';
import DownloadOutlined from '@mui/icons-material/DownloadOutlined';
import EditOutlined from '@mui/icons-material/EditOutlined';
import HistoryOutlined from '@mui/icons-material/HistoryOutlined';
import MoreVert from '@mui/icons-material/MoreVert';
import PlayArrowOutlined from '@mui/icons-material/PlayArrowOutlined';
import RefreshIcon from '@mui/icons-material/Refresh';
import UploadFileOutlined from '@mui/icons-material/UploadFileOutlined';
import WarningAmberOutlined from '@mui/icons-material/WarningAmberOutlined';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { useNotify } from 'react-admin';
import { holds, useAppAbility } from '../../providers/ability';
import { saveBlob } from '../api';
import {
  errorMessage,
  type OpmlImportResult,
  type RunSummary,
  type Source,
  SOURCE_STATUSES,
  sourceDot,
  type SourceFilter,
  sourceStatus,
  type SourceStatus,
  useSourcesApi,
} from './api';
import { SourceDialog } from './SourceDialog';
import { CollectResultDialog, DeleteSourcesDialog, OpmlResultDialog, RunsDrawer } from './SourceDialogs';
import { useSourcesText } from './useSourcesText';

/** COLLECT_ALERT_AFTER_ERRORS' default: the red dot (the server's `failing` filter uses the configured value). */
const FAILING_AFTER = 5;
const KEY = ['horizon', 'collect', 'sources'] as const;
const DOT_COLOR = { green: 'success.main', amber: 'warning.main', red: 'error.main', grey: 'grey.400' } as const;

/**
 * 数据源管理 (docs/collect-design.md §9): the sources with their health (status dot, last and next
 * run, errors in a row, items, interval), filters, bulk 启用/停用, 删除 (disabled instead when it has
 * news, or forced), 立即采集 with its summary, the 运行记录 drawer, OPML import and export, a badge
 * of failing sources, and the add/edit dialog with 预览. Every button follows the `website:*` codes.
 * Reusable: mounted at /collect-config (collection system) and /website (storage system).
 */
export function SourcesPage() {
  const t = useSourcesText();
  const api = useSourcesApi();
  const notify = useNotify();
  const queryClient = useQueryClient();
  const ability = useAppAbility();
  const may = {
    add: holds(ability, 'website:add'),
    edit: holds(ability, 'website:edit'),
    del: holds(ability, 'website:del'),
    collect: holds(ability, 'website:collect'),
  };
  const [draft, setDraft] = useState<SourceFilter>({});
  const [filter, setFilter] = useState<SourceFilter>({});
  const [page, setPage] = useState(0);
  const [size, setSize] = useState(20);
  const [selected, setSelected] = useState<number[]>([]);
  const [editing, setEditing] = useState<Source | null | undefined>(undefined);
  const [deleting, setDeleting] = useState<number[]>([]);
  const [runsOf, setRunsOf] = useState<Source | null>(null);
  const [collecting, setCollecting] = useState<{ source: Source; summary: RunSummary | null; error: string | null } | null>(null);
  const [opmlResult, setOpmlResult] = useState<OpmlImportResult | null>(null);
  const [rowMenu, setRowMenu] = useState<{ anchor: HTMLElement; source: Source } | null>(null);
  const fileInput = useRef<HTMLInputElement>(null);

  const list = useQuery({ queryKey: [...KEY, 'list', page, size, filter], queryFn: () => api.list(page, size, filter), placeholderData: keepPreviousData });
  const health = useQuery({ queryKey: [...KEY, 'health'], queryFn: api.health });
  const rows = list.data?.content ?? [];
  const refresh = () => void queryClient.invalidateQueries({ queryKey: KEY });

  const search = (next: SourceFilter) => {
    setFilter(next);
    setPage(0);
    setSelected([]);
  };
  const toggle = (id: number) => setSelected((current) => (current.includes(id) ? current.filter((x) => x !== id) : [...current, id]));
  const allChecked = rows.length > 0 && rows.every((row) => selected.includes(row.id));

  const setEnabled = async (enabled: boolean) => {
    try {
      const { updated } = await api.setEnabled(selected, enabled);
      notify(enabled ? t('toast.enabled', { n: updated }) : t('toast.disabled', { n: updated }), { type: 'success' });
      setSelected([]);
      refresh();
    } catch (e) {
      notify(errorMessage(e, t('action.enable')), { type: 'error' });
    }
  };

  const remove = async (force: boolean) => {
    const ids = deleting;
    setDeleting([]);
    try {
      const result = await api.remove(ids, force);
      const text = result.disabled.length
        ? t('toast.deleted_disabled', { deleted: result.deleted.length, disabled: result.disabled.length })
        : t('toast.deleted', { n: result.deleted.length });
      notify(text, { type: result.disabled.length ? 'warning' : 'success', autoHideDuration: 6000 });
      setSelected((current) => current.filter((id) => !result.deleted.includes(id)));
      refresh();
    } catch (e) {
      notify(errorMessage(e, t('action.delete')), { type: 'error' });
    }
  };

  const collect = async (source: Source) => {
    setCollecting({ source, summary: null, error: null });
    try {
      const summary = await api.collect(source.id);
      setCollecting((current) => (current?.source.id === source.id ? { ...current, summary } : current));
    } catch (e) {
      setCollecting((current) => (current?.source.id === source.id ? { ...current, error: errorMessage(e, t('action.collect')) } : current));
    }
    refresh();
  };

  const exportOpml = async () => {
    try {
      saveBlob(await api.exportOpml(), 'horizon-sources.opml');
    } catch (e) {
      notify(errorMessage(e, t('action.opml_export')), { type: 'error' });
    }
  };

  const importOpml = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    try {
      setOpmlResult(await api.importOpml(file));
      refresh();
    } catch (e) {
      notify(errorMessage(e, t('toast.opml_failed')), { type: 'error' });
    }
  };

  const statusLabel = (status: SourceStatus) => t(`status.${status}`);
  const failing = health.data?.failing ?? 0;

  return (
    <Paper variant="outlined" sx={{ p: { xs: 1.5, sm: 2 } }}>
      <Stack direction="row" spacing={1} useFlexGap sx={{ alignItems: 'center', flexWrap: 'wrap', mb: 2 }}>
        <Typography variant="h6" component="h1" sx={{ mr: 1 }}>
          {t('title')}
        </Typography>
        {failing > 0 && (
          <Chip
            color="error"
            size="small"
            icon={<WarningAmberOutlined />}
            label={t('failing_badge', { n: failing })}
            onClick={() => {
              setDraft({ ...draft, status: 'failing' });
              search({ ...draft, status: 'failing' });
            }}
            data-testid="failing-badge"
          />
        )}
        {(health.data?.silent ?? 0) > 0 && <Chip size="small" variant="outlined" label={t('silent_hint', { n: health.data!.silent })} />}
      </Stack>

      <Stack
        component="form"
        direction="row"
        spacing={1}
        useFlexGap
        sx={{ flexWrap: 'wrap', alignItems: 'center', mb: 1.5 }}
        onSubmit={(e) => {
          e.preventDefault();
          search(draft);
        }}
      >
        <TextField
          size="small"
          fullWidth={false}
          label={t('filter.name')}
          value={draft.name ?? ''}
          onChange={(e) => setDraft({ ...draft, name: e.target.value || undefined })}
          slotProps={{ htmlInput: { maxLength: 200 } }}
          sx={{ width: 260 }}
        />
        <TextField
          select
          size="small"
          label={t('filter.enabled')}
          value={draft.enabled ?? ''}
          onChange={(e) => setDraft({ ...draft, enabled: (e.target.value || undefined) as SourceFilter['enabled'] })}
          fullWidth={false}
          sx={{ width: 150 }}
        >
          <MenuItem value="">{t('filter.all')}</MenuItem>
          <MenuItem value="true">{t('filter.enabled_yes')}</MenuItem>
          <MenuItem value="false">{t('filter.enabled_no')}</MenuItem>
        </TextField>
        <TextField
          select
          size="small"
          label={t('filter.status')}
          value={draft.status ?? ''}
          onChange={(e) => setDraft({ ...draft, status: (e.target.value || undefined) as SourceStatus | undefined })}
          fullWidth={false}
          sx={{ width: 150 }}
        >
          <MenuItem value="">{t('filter.all')}</MenuItem>
          {SOURCE_STATUSES.map((status) => (
            <MenuItem key={status} value={status}>
              {statusLabel(status)}
            </MenuItem>
          ))}
        </TextField>
        <Button type="submit" variant="contained">
          {t('filter.search')}
        </Button>
        <Button
          onClick={() => {
            setDraft({});
            search({});
          }}
        >
          {t('filter.reset')}
        </Button>
      </Stack>

      <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap', alignItems: 'center', mb: 1.5 }}>
        {may.add && (
          <Button variant="contained" startIcon={<AddIcon />} onClick={() => setEditing(null)}>
            {t('action.add')}
          </Button>
        )}
        {may.edit && (
          <>
            <Button variant="outlined" disabled={!selected.length} onClick={() => void setEnabled(true)}>
              {t('action.enable')}
            </Button>
            <Button variant="outlined" disabled={!selected.length} onClick={() => void setEnabled(false)}>
              {t('action.disable')}
            </Button>
          </>
        )}
        {may.del && (
          <Button variant="outlined" color="error" startIcon={<DeleteOutline />} disabled={!selected.length} onClick={() => setDeleting(selected)}>
            {t('action.delete')}
          </Button>
        )}
        {may.add && (
          <>
            <Button variant="outlined" startIcon={<UploadFileOutlined />} onClick={() => fileInput.current?.click()}>
              {t('action.opml_import')}
            </Button>
            <input ref={fileInput} type="file" accept=".opml,.xml,text/x-opml,text/xml,application/xml" hidden onChange={(e) => void importOpml(e)} data-testid="opml-input" />
          </>
        )}
        <Button variant="outlined" startIcon={<DownloadOutlined />} onClick={() => void exportOpml()}>
          {t('action.opml_export')}
        </Button>
        <Tooltip title={t('action.refresh')}>
          <IconButton aria-label={t('action.refresh')} onClick={refresh}>
            <RefreshIcon />
          </IconButton>
        </Tooltip>
        {selected.length > 0 && (
          <Typography variant="body2" color="text.secondary">
            {t('selected', { n: selected.length })}
          </Typography>
        )}
      </Stack>

      {list.isError && <Alert severity="error">{errorMessage(list.error, t('empty'))}</Alert>}
      <TableContainer>
        <Table size="small" aria-label={t('title')}>
          <TableHead>
            <TableRow>
              <TableCell padding="checkbox">
                <Checkbox
                  checked={allChecked}
                  indeterminate={!allChecked && rows.some((row) => selected.includes(row.id))}
                  onChange={() => setSelected(allChecked ? [] : rows.map((row) => row.id))}
                  slotProps={{ input: { 'aria-label': t('filter.all') } }}
                />
              </TableCell>
              <TableCell>{t('column.status')}</TableCell>
              <TableCell>{t('column.name')}</TableCell>
              <TableCell>{t('column.type')}</TableCell>
              <TableCell>{t('column.last_run')}</TableCell>
              <TableCell>{t('column.next_run')}</TableCell>
              <TableCell align="right">{t('column.errors')}</TableCell>
              <TableCell align="right">{t('column.items')}</TableCell>
              <TableCell align="right">{t('column.interval')}</TableCell>
              <TableCell align="right">{t('column.actions')}</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {list.isPending &&
              [0, 1, 2].map((n) => (
                <TableRow key={n}>
                  <TableCell colSpan={10}>
                    <Skeleton />
                  </TableCell>
                </TableRow>
              ))}
            {!list.isPending && rows.length === 0 && (
              <TableRow>
                <TableCell colSpan={10} align="center" sx={{ color: 'text.secondary', py: 4 }}>
                  {t('empty')}
                </TableCell>
              </TableRow>
            )}
            {rows.map((source) => {
              const status = sourceStatus(source, FAILING_AFTER);
              const dot = sourceDot(source, FAILING_AFTER);
              return (
                <TableRow key={source.id} hover selected={selected.includes(source.id)} data-testid={`source-row-${source.id}`}>
                  <TableCell padding="checkbox">
                    <Checkbox checked={selected.includes(source.id)} onChange={() => toggle(source.id)} slotProps={{ input: { 'aria-label': source.name } }} />
                  </TableCell>
                  <TableCell>
                    <Tooltip title={source.lastError ? t('last_error', { error: source.lastError }) : statusLabel(status)}>
                      <Stack direction="row" spacing={0.75} sx={{ alignItems: 'center' }}>
                        <Box component="span" data-dot={dot} sx={{ width: 10, height: 10, borderRadius: '50%', bgcolor: DOT_COLOR[dot], flexShrink: 0 }} />
                        <Typography variant="body2" component="span">
                          {statusLabel(status)}
                        </Typography>
                      </Stack>
                    </Tooltip>
                  </TableCell>
                  <TableCell sx={{ maxWidth: 280 }}>
                    <Typography variant="body2" fontWeight={500} noWrap>
                      {source.name}
                    </Typography>
                    <Link href={source.url} target="_blank" rel="noopener noreferrer" variant="caption" color="text.secondary" sx={{ display: 'block', overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' }}>
                      {source.feedUrl ?? source.url}
                    </Link>
                  </TableCell>
                  <TableCell sx={{ whiteSpace: 'nowrap' }}>{source.configured ? t(`type.${source.type ?? 'auto'}`) : t('type.none')}</TableCell>
                  <TableCell sx={{ whiteSpace: 'nowrap' }}>
                    {source.lastCheckAt ?? '—'}
                    {source.lastStatus && (
                      <Typography variant="caption" component="div" color={source.lastStatus === 'error' ? 'error' : 'text.secondary'}>
                        {t(`run_status.${source.lastStatus}`)}
                        {source.httpStatus ? ` · ${source.httpStatus}` : ''}
                      </Typography>
                    )}
                  </TableCell>
                  <TableCell sx={{ whiteSpace: 'nowrap' }}>{source.enabled ? (source.nextCheckAt ?? '—') : '—'}</TableCell>
                  <TableCell align="right" sx={{ color: source.errorCount ? 'error.main' : undefined }}>
                    {source.errorCount}
                  </TableCell>
                  <TableCell align="right">{source.itemCount}</TableCell>
                  <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                    {source.intervalMinutes ? t('minutes', { n: source.effectiveIntervalMinutes ?? source.intervalMinutes }) : '—'}
                  </TableCell>
                  <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                    {may.edit && (
                      <Tooltip title={t('action.edit')}>
                        <IconButton size="small" aria-label={t('action.edit')} onClick={() => setEditing(source)}>
                          <EditOutlined fontSize="small" />
                        </IconButton>
                      </Tooltip>
                    )}
                    {may.collect && source.configured && (
                      <Tooltip title={t('action.collect')}>
                        <IconButton size="small" aria-label={t('action.collect')} onClick={() => void collect(source)}>
                          <PlayArrowOutlined fontSize="small" />
                        </IconButton>
                      </Tooltip>
                    )}
                    <IconButton size="small" aria-label={t('action.more')} onClick={(e) => setRowMenu({ anchor: e.currentTarget, source })}>
                      <MoreVert fontSize="small" />
                    </IconButton>
                  </TableCell>
                </TableRow>
              );
            })}
          </TableBody>
        </Table>
      </TableContainer>
      <TablePagination
        component="div"
        count={list.data?.totalElements ?? 0}
        page={page}
        rowsPerPage={size}
        rowsPerPageOptions={[10, 20, 50, 100]}
        onPageChange={(_e, next) => setPage(next)}
        onRowsPerPageChange={(e) => {
          setSize(Number(e.target.value));
          setPage(0);
        }}
      />

      <Menu anchorEl={rowMenu?.anchor} open={rowMenu !== null} onClose={() => setRowMenu(null)}>
        <MenuItem
          onClick={() => {
            setRunsOf(rowMenu!.source);
            setRowMenu(null);
          }}
        >
          <ListItemIcon>
            <HistoryOutlined fontSize="small" />
          </ListItemIcon>
          <ListItemText>{t('action.runs')}</ListItemText>
        </MenuItem>
        {may.del && (
          <MenuItem
            onClick={() => {
              setDeleting([rowMenu!.source.id]);
              setRowMenu(null);
            }}
          >
            <ListItemIcon>
              <DeleteOutline fontSize="small" />
            </ListItemIcon>
            <ListItemText>{t('action.delete')}</ListItemText>
          </MenuItem>
        )}
      </Menu>

      {editing !== undefined && (
        <SourceDialog
          open
          source={editing}
          api={api}
          onClose={() => setEditing(undefined)}
          onSaved={() => {
            setEditing(undefined);
            notify(t('toast.saved'), { type: 'success' });
            refresh();
          }}
        />
      )}
      <DeleteSourcesDialog key={deleting.join(',')} count={deleting.length} onClose={() => setDeleting([])} onConfirm={(force) => void remove(force)} />
      <RunsDrawer source={runsOf} api={api} onClose={() => setRunsOf(null)} />
      <CollectResultDialog source={collecting?.source ?? null} summary={collecting?.summary ?? null} error={collecting?.error ?? null} onClose={() => setCollecting(null)} />
      <OpmlResultDialog result={opmlResult} onClose={() => setOpmlResult(null)} />
    </Paper>
  );
}

export default SourcesPage;
