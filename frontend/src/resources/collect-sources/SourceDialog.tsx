import { useEffect, useMemo, useState } from 'react';
import {
  Alert,
  Autocomplete,
  Box,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  FormControlLabel,
  Grid,
  IconButton,
  MenuItem,
  Stack,
  Switch,
  TextField,
  Tooltip,
  Typography,
} from '@mui/material';
import AddIcon from '@mui/icons-material/Add';
import DeleteOutline from '@mui/icons-material/DeleteOutline';
import { useQuery } from '@tanstack/react-query';
import { errorMessage, leafClasses, type Preview, SOURCE_TYPES, type Source, type SourceRule, type SourcesApi, type SourceSelectors, type SourceType, type SourceWrite } from './api';
import { SourcePreview } from './SourcePreview';
import { useSourcesText } from './useSourcesText';

interface FormState {
  name: string;
  url: string;
  type: SourceType;
  feedUrl: string;
  language: string;
  country: string;
  classify: number[];
  intervalMinutes: string;
  adaptive: boolean;
  enabled: boolean;
  fullText: boolean;
  timezone: string;
  selectors: Required<SourceSelectors>;
  rules: SourceRule[];
}

const EMPTY_SELECTORS: Required<SourceSelectors> = { item: '', link: '', title: '', time: '', body: '', linkAttr: '', timeAttr: '' };

function initialState(source: Source | null): FormState {
  return {
    name: source?.name ?? '',
    url: source?.url ?? '',
    type: source?.type ?? 'auto',
    feedUrl: source?.feedUrl ?? '',
    language: source?.language ?? '',
    country: source?.country ?? '',
    classify: source?.classify ?? [],
    intervalMinutes: String(source?.intervalMinutes ?? 30),
    adaptive: source?.adaptive ?? true,
    enabled: source ? source.enabled || !source.configured : true,
    fullText: source?.fullText ?? false,
    timezone: source?.timezone ?? '',
    selectors: { ...EMPTY_SELECTORS, ...(source?.selectors ?? {}) },
    rules: source?.rules ?? [],
  };
}

/** The selectors to send: trimmed, empty optional ones left out; null unless the type is html. */
function selectorsOf(form: FormState): SourceSelectors | null {
  if (form.type !== 'html') return null;
  const entries = Object.entries(form.selectors)
    .map(([key, value]) => [key, value.trim()] as const)
    .filter(([key, value]) => value !== '' || key === 'item' || key === 'link' || key === 'title');
  return Object.fromEntries(entries) as unknown as SourceSelectors;
}

/** What a preview depends on: changing any of it asks for a new preview. */
const previewKey = (form: FormState) => JSON.stringify([form.url.trim(), form.feedUrl.trim(), form.type, selectorsOf(form), form.fullText]);

/** The body of POST / PUT from the form (blank optional text → null on edit, left out on create). */
export function writeBody(form: FormState, editing: boolean): SourceWrite {
  const blank = (value: string) => (value.trim() === '' ? (editing ? null : undefined) : value.trim());
  const interval = Number(form.intervalMinutes);
  const body: SourceWrite = {
    name: form.name.trim(),
    url: form.url.trim(),
    type: form.type,
    feedUrl: blank(form.feedUrl),
    language: blank(form.language),
    country: blank(form.country),
    classify: form.classify,
    intervalMinutes: Number.isInteger(interval) ? interval : (form.intervalMinutes as unknown as number),
    adaptive: form.adaptive,
    enabled: form.enabled,
    fullText: form.fullText,
    timezone: blank(form.timezone),
    rules: form.rules.map((rule) => ({ query: rule.query.trim(), classify: rule.classify })),
  };
  const selectors = selectorsOf(form);
  if (selectors) body.selectors = selectors;
  else if (editing) body.selectors = null;
  return body;
}

export interface SourceDialogProps {
  open: boolean;
  /** null: a new source. */
  source: Source | null;
  api: SourcesApi;
  onClose: () => void;
  onSaved: (source: Source) => void;
}

/**
 * Add / edit a source (docs/collect-design.md §9 "数据源管理"): every field of the contract, the
 * selector editor for list pages, the routing rules, and 预览 — required before the first save of a
 * new source, again whenever address, type, selectors or full text change.
 */
export function SourceDialog({ open, source, api, onClose, onSaved }: SourceDialogProps) {
  const t = useSourcesText();
  const editing = source !== null;
  const [form, setForm] = useState<FormState>(() => initialState(source));
  const [preview, setPreview] = useState<{ key: string; result: Preview } | null>(null);
  const [previewing, setPreviewing] = useState(false);
  const [saving, setSaving] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const classes = useQuery({ queryKey: ['horizon', 'collect', 'classes'], queryFn: api.classes, enabled: open, staleTime: 60_000 });
  const leaves = useMemo(() => leafClasses(classes.data ?? []), [classes.data]);
  const leafById = useMemo(() => new Map(leaves.map((leaf) => [leaf.id, leaf])), [leaves]);

  useEffect(() => {
    if (!open) return;
    setForm(initialState(source));
    setPreview(null);
    setError(null);
  }, [open, source]);

  const set = <K extends keyof FormState>(key: K, value: FormState[K]) => setForm((current) => ({ ...current, [key]: value }));
  const setSelector = (key: keyof SourceSelectors, value: string) => setForm((current) => ({ ...current, selectors: { ...current.selectors, [key]: value } }));
  const setRule = (index: number, rule: SourceRule) => setForm((current) => ({ ...current, rules: current.rules.map((r, i) => (i === index ? rule : r)) }));

  const currentKey = previewKey(form);
  const previewed = preview !== null && preview.key === currentKey;
  const needsPreview = !editing && !previewed;
  const target = form.feedUrl.trim() || form.url.trim();

  const runPreview = async () => {
    setPreviewing(true);
    setError(null);
    const key = currentKey;
    try {
      const result = await api.preview({ url: target, type: form.type, selectors: selectorsOf(form) ?? undefined, fullText: form.fullText });
      setPreview({ key, result });
    } catch (e) {
      setPreview(null);
      setError(`${t('form.preview_failed')}：${errorMessage(e, '')}`);
    } finally {
      setPreviewing(false);
    }
  };

  const save = async () => {
    setSaving(true);
    setError(null);
    try {
      const body = writeBody(form, editing);
      const saved = editing ? await api.update({ ...body, id: source.id }) : await api.create(body);
      onSaved(saved);
    } catch (e) {
      setError(errorMessage(e, t('toast.saved')));
    } finally {
      setSaving(false);
    }
  };

  const classPicker = (value: number[], onChange: (ids: number[]) => void, label: string) => (
    <Autocomplete
      multiple
      size="small"
      options={leaves}
      loading={classes.isPending}
      value={value.map((id) => leafById.get(id) ?? { id, label: `#${id}` })}
      isOptionEqualToValue={(a, b) => a.id === b.id}
      getOptionLabel={(option) => option.label}
      onChange={(_event, chosen) => onChange(chosen.map((c) => c.id))}
      renderInput={(params) => <TextField {...params} label={label} />}
    />
  );

  const selectorFields: Array<[keyof SourceSelectors, Parameters<typeof t>[0], boolean]> = [
    ['item', 'form.selector_item', true],
    ['link', 'form.selector_link', true],
    ['title', 'form.selector_title', true],
    ['time', 'form.selector_time', false],
    ['body', 'form.selector_body', false],
    ['linkAttr', 'form.selector_link_attr', false],
    ['timeAttr', 'form.selector_time_attr', false],
  ];

  return (
    <Dialog open={open} onClose={saving ? undefined : onClose} maxWidth="md" fullWidth aria-labelledby="source-dialog-title">
      <DialogTitle id="source-dialog-title">{editing ? t('form.edit_title') : t('form.add_title')}</DialogTitle>
      <DialogContent dividers>
        <Grid container spacing={2}>
          <Grid size={{ xs: 12, sm: 6 }}>
            <TextField fullWidth size="small" required label={t('form.name')} value={form.name} onChange={(e) => set('name', e.target.value)} slotProps={{ htmlInput: { maxLength: 200 } }} />
          </Grid>
          <Grid size={{ xs: 12, sm: 6 }}>
            <TextField fullWidth size="small" required label={t('form.url')} helperText={t('form.url_help')} value={form.url} onChange={(e) => set('url', e.target.value)} slotProps={{ htmlInput: { maxLength: 500 } }} />
          </Grid>
          <Grid size={{ xs: 12, sm: 4 }}>
            <TextField select fullWidth size="small" label={t('form.type')} value={form.type} onChange={(e) => set('type', e.target.value as SourceType)}>
              {SOURCE_TYPES.map((type) => (
                <MenuItem key={type} value={type}>
                  {t(`type.${type}`)}
                </MenuItem>
              ))}
            </TextField>
          </Grid>
          <Grid size={{ xs: 12, sm: 8 }}>
            <TextField
              fullWidth
              size="small"
              label={t('form.feed_url')}
              helperText={form.type === 'auto' ? t('form.feed_url_help') : undefined}
              required={form.type !== 'auto'}
              value={form.feedUrl}
              onChange={(e) => set('feedUrl', e.target.value)}
              slotProps={{ htmlInput: { maxLength: 1000 } }}
            />
          </Grid>
          {form.type === 'html' && (
            <Grid size={12}>
              <Typography variant="subtitle2" gutterBottom>
                {t('form.selectors')}
              </Typography>
              <Grid container spacing={1.5}>
                {selectorFields.map(([key, label, required]) => (
                  <Grid key={key} size={{ xs: 12, sm: 6, md: 3 }}>
                    <TextField
                      fullWidth
                      size="small"
                      required={required}
                      label={t(label)}
                      value={form.selectors[key] ?? ''}
                      onChange={(e) => setSelector(key, e.target.value)}
                      slotProps={{ htmlInput: { maxLength: 200, 'data-selector': key } }}
                    />
                  </Grid>
                ))}
              </Grid>
            </Grid>
          )}
          <Grid size={{ xs: 6, sm: 3 }}>
            <TextField fullWidth size="small" label={t('form.language')} helperText={t('form.language_help')} value={form.language} onChange={(e) => set('language', e.target.value)} slotProps={{ htmlInput: { maxLength: 8 } }} />
          </Grid>
          <Grid size={{ xs: 6, sm: 3 }}>
            <TextField fullWidth size="small" label={t('form.country')} value={form.country} onChange={(e) => set('country', e.target.value)} slotProps={{ htmlInput: { maxLength: 16 } }} />
          </Grid>
          <Grid size={{ xs: 6, sm: 3 }}>
            <TextField
              fullWidth
              size="small"
              type="number"
              label={t('form.interval')}
              helperText={t('form.interval_help')}
              value={form.intervalMinutes}
              onChange={(e) => set('intervalMinutes', e.target.value)}
              slotProps={{ htmlInput: { min: 5, max: 1440, step: 1 } }}
            />
          </Grid>
          <Grid size={{ xs: 6, sm: 3 }}>
            <TextField fullWidth size="small" label={t('form.timezone')} helperText={t('form.timezone_help')} value={form.timezone} onChange={(e) => set('timezone', e.target.value)} />
          </Grid>
          <Grid size={12}>{classPicker(form.classify, (ids) => set('classify', ids), t('form.classify'))}</Grid>
          <Grid size={12}>
            <Stack direction="row" spacing={2} useFlexGap sx={{ flexWrap: 'wrap' }}>
              <FormControlLabel control={<Switch checked={form.enabled} onChange={(e) => set('enabled', e.target.checked)} />} label={t('form.enabled')} />
              <FormControlLabel control={<Switch checked={form.adaptive} onChange={(e) => set('adaptive', e.target.checked)} />} label={t('form.adaptive')} />
              <FormControlLabel control={<Switch checked={form.fullText} onChange={(e) => set('fullText', e.target.checked)} />} label={t('form.full_text')} />
            </Stack>
          </Grid>
          <Grid size={12}>
            <Typography variant="subtitle2" gutterBottom>
              {t('form.rules')}
            </Typography>
            <Stack spacing={1}>
              {form.rules.map((rule, index) => (
                // rules have no id; their position is their identity while editing
                <Stack key={index} direction={{ xs: 'column', sm: 'row' }} spacing={1} sx={{ alignItems: { sm: 'center' } }}>
                  <TextField size="small" sx={{ flex: 1 }} label={t('form.rule_query')} value={rule.query} onChange={(e) => setRule(index, { ...rule, query: e.target.value })} slotProps={{ htmlInput: { maxLength: 500 } }} />
                  <Box sx={{ flex: 1 }}>{classPicker(rule.classify, (ids) => setRule(index, { ...rule, classify: ids }), t('form.rule_classify'))}</Box>
                  <Tooltip title={t('form.rule_remove')}>
                    <IconButton aria-label={t('form.rule_remove')} onClick={() => set('rules', form.rules.filter((_r, i) => i !== index))}>
                      <DeleteOutline />
                    </IconButton>
                  </Tooltip>
                </Stack>
              ))}
              <Box>
                <Button size="small" startIcon={<AddIcon />} disabled={form.rules.length >= 20} onClick={() => set('rules', [...form.rules, { query: '', classify: [] }])}>
                  {t('form.rule_add')}
                </Button>
              </Box>
            </Stack>
          </Grid>
          {!editing && (
            <Grid size={12}>
              <Alert severity={previewed ? 'success' : 'info'}>{t('form.preview_required')}</Alert>
            </Grid>
          )}
          {error && (
            <Grid size={12}>
              <Alert severity="error">{error}</Alert>
            </Grid>
          )}
          {preview && (
            <Grid size={12}>
              <SourcePreview preview={preview.result} onUseFeed={(url) => set('feedUrl', url)} />
            </Grid>
          )}
        </Grid>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} disabled={saving}>
          {t('action.cancel')}
        </Button>
        <Button variant="outlined" onClick={() => void runPreview()} disabled={previewing || saving || !target}>
          {t('action.preview')}
        </Button>
        <Button variant="contained" onClick={() => void save()} disabled={saving || previewing || needsPreview || !form.name.trim() || !form.url.trim()}>
          {t('action.save')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
