// 预警规则: the department's keyword alert rules (docs/collect-api.md "Alerts"): list with the enable
// switch, add / edit with 试一试 (`POST api/alertRule/test`), delete. Opened from /yjList; every
// control follows the caller's `alertRule:*` codes (the server stays authoritative).
import { useEffect, useState } from 'react';
import {
  Alert,
  Autocomplete,
  Box,
  Button,
  Chip,
  CircularProgress,
  FormControlLabel,
  IconButton,
  Stack,
  Switch,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  TextField,
  Tooltip,
  Typography,
} from '@mui/material';
import AddIcon from '@mui/icons-material/Add';
import DeleteOutlineIcon from '@mui/icons-material/DeleteOutline';
import EditOutlinedIcon from '@mui/icons-material/EditOutlined';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Confirm, useDataProvider } from 'react-admin';
import type { Page } from '../../api';
import { holds, useAppAbility } from '../../providers/ability';
import type { HorizonDataProvider } from '../../providers/dataProvider';
import { ClassifyPicker } from '../../resources/news/dialogs/ClassifyPicker';
import { useClassifyTree } from '../../resources/news/dialogs/classifyTree';
import { DialogFrame } from '../../resources/shared/DialogFrame';
import { errorMessage, useNotifyText } from '../../resources/shared/hooks';
import { useAlertText } from './alertText';

/** A rule as `GET api/alertRule` answers it. */
export interface AlertRule {
  id: number;
  deptId: number;
  name: string;
  query: string;
  webIds: number[];
  classify: number[];
  enabled: boolean;
  notify: boolean;
  hitCount: number;
  lastHitAt: string | null;
  createBy?: string | null;
  updateBy?: string | null;
  createTime?: string;
  updateTime?: string;
}

export interface AlertRuleForm {
  name: string;
  query: string;
  webIds: number[];
  classify: number[];
  enabled: boolean;
  notify: boolean;
}

interface SourceOption {
  id: number;
  name: string;
}

/** Rules per department (the server answers 409 beyond). */
export const ALERT_RULES_MAX = 50;
export const alertRulesKey = ['horizon', 'alertRules'] as const;

const EMPTY_FORM: AlertRuleForm = { name: '', query: '', webIds: [], classify: [], enabled: true, notify: true };

export function formOf(rule: AlertRule | null): AlertRuleForm {
  if (!rule) return { ...EMPTY_FORM };
  return { name: rule.name, query: rule.query, webIds: [...rule.webIds], classify: [...rule.classify], enabled: rule.enabled, notify: rule.notify };
}

/** The POST / PUT body: texts trimmed, ids unique; `id` for an edit. */
export function alertRuleBody(form: AlertRuleForm, id?: number): AlertRuleForm & { id?: number } {
  const body = {
    name: form.name.trim(),
    query: form.query.trim(),
    webIds: [...new Set(form.webIds)],
    classify: [...new Set(form.classify)],
    enabled: form.enabled,
    notify: form.notify,
  };
  return id === undefined ? body : { id, ...body };
}

export interface AlertRulesDialogProps {
  open: boolean;
  onClose: () => void;
}

export function AlertRulesDialog({ open, onClose }: AlertRulesDialogProps) {
  const t = useAlertText();
  const ability = useAppAbility();
  const can = { add: holds(ability, 'alertRule:add'), edit: holds(ability, 'alertRule:edit'), del: holds(ability, 'alertRule:del') };
  const dataProvider = useDataProvider<HorizonDataProvider>();
  const queryClient = useQueryClient();
  const notify = useNotifyText();
  const [editing, setEditing] = useState<AlertRule | 'new' | null>(null);
  const [deleting, setDeleting] = useState<AlertRule | null>(null);
  const [busy, setBusy] = useState(false);

  const rules = useQuery({
    queryKey: alertRulesKey,
    queryFn: async () => (await dataProvider.call<Page<AlertRule>>(`api/alertRule?page=0&size=${ALERT_RULES_MAX}&sort=id,desc`)).data,
    enabled: open,
  });

  useEffect(() => {
    if (!open) setEditing(null);
  }, [open]);

  const refresh = () => queryClient.invalidateQueries({ queryKey: alertRulesKey });

  const run = async (request: () => Promise<unknown>, success: string) => {
    setBusy(true);
    try {
      await request();
      notify(success);
      await refresh();
      return true;
    } catch (error) {
      notify(errorMessage(error) || t('messages.failed'), 'error');
      return false;
    } finally {
      setBusy(false);
    }
  };

  const toggle = (rule: AlertRule, enabled: boolean) =>
    void run(() => dataProvider.call('api/alertRule', { method: 'PUT', body: { id: rule.id, enabled } }), enabled ? t('messages.enabled') : t('messages.disabled'));

  const remove = async (rule: AlertRule) => {
    setDeleting(null);
    await run(() => dataProvider.call('api/alertRule', { method: 'DELETE', body: [rule.id] }), t('messages.deleted'));
  };

  if (editing !== null) {
    return (
      <RuleEditor
        open={open}
        rule={editing === 'new' ? null : editing}
        onBack={() => setEditing(null)}
        onSaved={async () => {
          await refresh();
          setEditing(null);
        }}
      />
    );
  }

  const list = rules.data?.content ?? [];
  const full = (rules.data?.totalElements ?? 0) >= ALERT_RULES_MAX;
  return (
    <DialogFrame open={open} title={t('dialog.title')} onClose={onClose} confirmLabel={t('form.save')} cancelLabel={t('dialog.close')} maxWidth="md" testId="alert-rules-dialog">
      <Stack spacing={2}>
        <Stack direction="row" spacing={2} sx={{ alignItems: 'center' }}>
          <Typography variant="body2" color="text.secondary" sx={{ flex: 1 }}>
            {t('dialog.hint', { max: ALERT_RULES_MAX })}
          </Typography>
          {can.add && (
            <Button variant="contained" size="small" startIcon={<AddIcon />} disabled={full || rules.isPending} onClick={() => setEditing('new')}>
              {t('dialog.add')}
            </Button>
          )}
        </Stack>
        {rules.isPending ? (
          <Stack direction="row" spacing={1} sx={{ alignItems: 'center', py: 3, justifyContent: 'center' }}>
            <CircularProgress size={18} />
            <Typography variant="body2">{t('dialog.loading')}</Typography>
          </Stack>
        ) : rules.isError ? (
          <Alert
            severity="error"
            action={
              <Button color="inherit" size="small" onClick={() => void rules.refetch()}>
                {t('dialog.retry')}
              </Button>
            }
          >
            {t('dialog.load_failed')}：{errorMessage(rules.error)}
          </Alert>
        ) : list.length === 0 ? (
          <Typography variant="body2" color="text.secondary" sx={{ py: 3, textAlign: 'center' }}>
            {t('dialog.empty')}
          </Typography>
        ) : (
          <Box sx={{ overflowX: 'auto' }}>
            <Table size="small" aria-label={t('dialog.title')}>
              <TableHead>
                <TableRow>
                  <TableCell>{t('columns.name')}</TableCell>
                  <TableCell>{t('columns.query')}</TableCell>
                  <TableCell>{t('columns.scope')}</TableCell>
                  <TableCell>{t('columns.enabled')}</TableCell>
                  <TableCell align="right">{t('columns.hits')}</TableCell>
                  <TableCell>{t('columns.last_hit')}</TableCell>
                  {(can.edit || can.del) && <TableCell align="right">{t('columns.actions')}</TableCell>}
                </TableRow>
              </TableHead>
              <TableBody>
                {list.map((rule) => (
                  <TableRow key={rule.id} hover>
                    <TableCell sx={{ fontWeight: 500 }}>{rule.name}</TableCell>
                    <TableCell sx={{ fontFamily: 'monospace', fontSize: 12, maxWidth: 260, wordBreak: 'break-all' }}>{rule.query}</TableCell>
                    <TableCell sx={{ fontSize: 12, color: 'text.secondary', whiteSpace: 'nowrap' }}>{scopeText(rule, t)}</TableCell>
                    <TableCell>
                      <Switch
                        size="small"
                        checked={rule.enabled}
                        disabled={!can.edit || busy}
                        onChange={(_, checked) => toggle(rule, checked)}
                        slotProps={{ input: { 'aria-label': t('actions.enable', { name: rule.name }) } }}
                      />
                    </TableCell>
                    <TableCell align="right">{rule.hitCount}</TableCell>
                    <TableCell sx={{ whiteSpace: 'nowrap', fontSize: 12 }}>{rule.lastHitAt ?? '—'}</TableCell>
                    {(can.edit || can.del) && (
                      <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                        {can.edit && (
                          <Tooltip title={t('actions.edit')}>
                            <IconButton size="small" aria-label={`${t('actions.edit')} ${rule.name}`} onClick={() => setEditing(rule)}>
                              <EditOutlinedIcon fontSize="small" />
                            </IconButton>
                          </Tooltip>
                        )}
                        {can.del && (
                          <Tooltip title={t('actions.delete')}>
                            <IconButton size="small" color="error" aria-label={`${t('actions.delete')} ${rule.name}`} disabled={busy} onClick={() => setDeleting(rule)}>
                              <DeleteOutlineIcon fontSize="small" />
                            </IconButton>
                          </Tooltip>
                        )}
                      </TableCell>
                    )}
                  </TableRow>
                ))}
              </TableBody>
            </Table>
            <Typography variant="caption" color="text.secondary">
              {t('dialog.count', { count: rules.data?.totalElements ?? list.length })}
            </Typography>
          </Box>
        )}
      </Stack>
      <Confirm
        isOpen={deleting !== null}
        title={t('messages.delete_title')}
        content={deleting ? t('messages.delete_confirm', { name: deleting.name }) : ''}
        confirm={t('actions.delete')}
        cancel={t('form.back')}
        confirmColor="warning"
        onClose={() => setDeleting(null)}
        onConfirm={() => deleting && void remove(deleting)}
      />
    </DialogFrame>
  );
}

function scopeText(rule: AlertRule, t: ReturnType<typeof useAlertText>): string {
  const parts: string[] = [];
  if (rule.webIds.length) parts.push(t('scope.sources', { count: rule.webIds.length }));
  if (rule.classify.length) parts.push(t('scope.classes', { count: rule.classify.length }));
  return parts.length ? parts.join(' · ') : t('scope.all');
}

interface RuleEditorProps {
  open: boolean;
  rule: AlertRule | null;
  onBack: () => void;
  onSaved: () => Promise<void>;
}

/** Add or edit one rule, with 试一试 against a sample text. */
function RuleEditor({ open, rule, onBack, onSaved }: RuleEditorProps) {
  const t = useAlertText();
  const dataProvider = useDataProvider<HorizonDataProvider>();
  const notify = useNotifyText();
  const [form, setForm] = useState<AlertRuleForm>(() => formOf(rule));
  const [touched, setTouched] = useState(false);
  const [saving, setSaving] = useState(false);
  const [sample, setSample] = useState('');
  const [testing, setTesting] = useState(false);
  const [result, setResult] = useState<{ matches: boolean; terms: string[] } | null>(null);
  const tree = useClassifyTree(open);
  const sources = useQuery({
    queryKey: ['horizon', 'collectionWebsite', 'findAll'],
    queryFn: async () => (await dataProvider.call<SourceOption[]>('api/collectionWebsite/findAll')).data ?? [],
    enabled: open,
    staleTime: 60_000,
  });

  const set = <K extends keyof AlertRuleForm>(key: K, value: AlertRuleForm[K]) => setForm((f) => ({ ...f, [key]: value }));
  const nameError = touched && !form.name.trim();
  const queryError = touched && !form.query.trim();

  const save = async () => {
    setTouched(true);
    if (!form.name.trim() || !form.query.trim()) return;
    setSaving(true);
    try {
      await dataProvider.call('api/alertRule', { method: rule ? 'PUT' : 'POST', body: alertRuleBody(form, rule?.id) });
      notify(rule ? t('messages.saved') : t('messages.created'));
      await onSaved();
    } catch (error) {
      notify(errorMessage(error) || t('messages.failed'), 'error');
    } finally {
      setSaving(false);
    }
  };

  const tryIt = async () => {
    setTesting(true);
    setResult(null);
    try {
      const answer = await dataProvider.call<{ matches: boolean; terms: string[] }>('api/alertRule/test', { method: 'POST', body: { query: form.query.trim(), text: sample } });
      setResult(answer.data);
    } catch (error) {
      notify(errorMessage(error) || t('messages.failed'), 'error');
    } finally {
      setTesting(false);
    }
  };

  const options = sources.data ?? [];
  const chosenSources = form.webIds.map((id) => options.find((o) => o.id === id) ?? { id, name: `#${id}` });

  return (
    <DialogFrame
      open={open}
      title={rule ? t('form.edit_title') : t('form.add_title')}
      onClose={onBack}
      onConfirm={() => void save()}
      saving={saving}
      confirmLabel={t('form.save')}
      cancelLabel={t('form.back')}
      maxWidth="md"
      testId="alert-rule-form"
    >
      <Stack spacing={2}>
        <TextField
          label={t('form.name')}
          value={form.name}
          onChange={(e) => set('name', e.target.value)}
          required
          size="small"
          error={nameError}
          helperText={nameError ? t('form.name_required') : undefined}
          slotProps={{ htmlInput: { maxLength: 100 } }}
        />
        <TextField
          label={t('form.query')}
          value={form.query}
          onChange={(e) => {
            set('query', e.target.value);
            setResult(null);
          }}
          required
          multiline
          minRows={2}
          size="small"
          error={queryError}
          helperText={queryError ? t('form.query_required') : t('form.query_hint')}
          slotProps={{ htmlInput: { maxLength: 500 } }}
        />
        <Autocomplete
          multiple
          size="small"
          options={options}
          loading={sources.isPending}
          value={chosenSources}
          getOptionLabel={(o) => o.name}
          isOptionEqualToValue={(a, b) => a.id === b.id}
          onChange={(_, value) => set('webIds', value.map((v) => v.id))}
          renderInput={(params) => <TextField {...params} label={t('form.sources')} helperText={t('form.sources_hint')} />}
        />
        <Box>
          <Typography variant="body2" sx={{ mb: 0.5 }}>
            {t('form.classes')}
            <Typography component="span" variant="caption" color="text.secondary" sx={{ ml: 1 }}>
              {t('form.classes_hint')}
            </Typography>
          </Typography>
          <ClassifyPicker nodes={tree.data} loading={tree.isPending} error={tree.error} onRetry={() => void tree.refetch()} value={form.classify} onChange={(v) => set('classify', v)} maxHeight={200} />
        </Box>
        <Stack direction="row" spacing={3}>
          <FormControlLabel control={<Switch checked={form.enabled} onChange={(_, v) => set('enabled', v)} />} label={t('form.enabled')} />
          <FormControlLabel control={<Switch checked={form.notify} onChange={(_, v) => set('notify', v)} />} label={t('form.notify')} />
        </Stack>
        <Box sx={{ border: 1, borderColor: 'divider', borderRadius: 1, p: 1.5 }}>
          <Typography variant="subtitle2" sx={{ mb: 1 }}>
            {t('test.title')}
          </Typography>
          <TextField
            label={t('test.text')}
            placeholder={t('test.text_placeholder')}
            value={sample}
            onChange={(e) => {
              setSample(e.target.value);
              setResult(null);
            }}
            multiline
            minRows={2}
            fullWidth
            size="small"
          />
          <Stack direction="row" spacing={1.5} sx={{ mt: 1, alignItems: 'center', flexWrap: 'wrap' }}>
            <Button variant="outlined" size="small" disabled={testing || !form.query.trim() || !sample.trim()} onClick={() => void tryIt()} startIcon={testing ? <CircularProgress size={14} /> : undefined}>
              {t('test.run')}
            </Button>
            {result && (
              <>
                <Chip size="small" color={result.matches ? 'warning' : 'default'} label={result.matches ? t('test.matches') : t('test.misses')} data-testid="alert-test-result" />
                {result.terms.length > 0 && (
                  <Typography variant="caption" color="text.secondary">
                    {t('test.terms')}
                    {result.terms.join('、')}
                  </Typography>
                )}
              </>
            )}
          </Stack>
        </Box>
      </Stack>
    </DialogFrame>
  );
}
