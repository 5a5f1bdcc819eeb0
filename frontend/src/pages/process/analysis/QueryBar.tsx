import { useMemo } from 'react';
import DownloadIcon from '@mui/icons-material/Download';
import RestartAltIcon from '@mui/icons-material/RestartAlt';
import SearchIcon from '@mui/icons-material/Search';
import { Button, CircularProgress, Paper, Stack, TextField, ToggleButton, ToggleButtonGroup } from '@mui/material';
import { DateRangeField } from '../../../resources/shared/DateRangeInput';
import type { ClassifyNode } from '../../../resources/news/api';
import { useClassifyTree } from '../../../resources/news/ClassifyTree';
import { useAnalysisText } from './i18n';
import { MultiSelect, type Option } from './MultiSelect';
import { type AnalysisQuery, PRESETS, presetOf, presetRange } from './query';
import type { AnalysisModel } from './useAnalysis';

/** Root 全部 and the noise class (never counted) are not offered. */
const ROOT = 9999;
const NOISE_CODE = 'A5000';

/** The classification tree as indented options, depth first. */
export function classOptions(nodes: ReadonlyArray<ClassifyNode>, depth = 0): Array<Option<number>> {
  return nodes.flatMap((n) => {
    if (n.id === ROOT) return classOptions(n.children ?? [], depth);
    if (n.code === NOISE_CODE) return [];
    return [{ value: n.id, label: n.name, depth }, ...classOptions(n.children ?? [], depth + 1)];
  });
}

/** The query bar: search text, classes, sources, countries, languages, period with presets; 查询, 重置, 导出. */
export function QueryBar({ model }: { model: AnalysisModel }) {
  const t = useAnalysisText();
  const { draft, setDraft, today } = model;
  const classes = useClassifyTree();
  const classItems = useMemo(() => classOptions(classes.data ?? []), [classes.data]);
  const sites = useMemo(() => (model.websites.data ?? []).map((w) => ({ value: w.id, label: w.name })), [model.websites.data]);
  const dict = (name: string) => (model.dicts.data?.[name] ?? []).map((d) => ({ value: d.value, label: d.label }));
  const set = (patch: Partial<AnalysisQuery>) => setDraft({ ...draft, ...patch });
  const texts = { placeholder: t('query.all'), loadingText: t('query.loading'), noOptionsText: t('query.none') };
  const preset = presetOf(draft, today);

  return (
    <Paper
      variant="outlined"
      component="form"
      sx={{ p: 2 }}
      onSubmit={(e) => {
        e.preventDefault();
        model.search(draft);
      }}
      data-testid="analysis-query"
    >
      <Stack direction="row" spacing={1.5} useFlexGap sx={{ flexWrap: 'wrap', alignItems: 'center' }}>
        <TextField
          size="small"
          label={t('query.keyword')}
          placeholder={t('query.keyword_placeholder')}
          value={draft.content}
          onChange={(e) => set({ content: e.target.value })}
          sx={{ flex: '2 1 260px' }}
          slotProps={{ htmlInput: { maxLength: 200 } }}
        />
        <MultiSelect label={t('query.classify')} options={classItems} value={draft.classifyIds} onChange={(classifyIds) => set({ classifyIds })} loading={classes.isPending} testId="analysis-classify" {...texts} />
        <MultiSelect label={t('query.source')} options={sites} value={draft.webIds} onChange={(webIds) => set({ webIds })} loading={model.websites.isPending} testId="analysis-source" {...texts} />
        <MultiSelect label={t('query.country')} options={dict('country')} value={draft.countries} onChange={(countries) => set({ countries })} loading={model.dicts.isPending} testId="analysis-country" {...texts} />
        <MultiSelect label={t('query.language')} options={dict('language')} value={draft.languages} onChange={(languages) => set({ languages })} loading={model.dicts.isPending} testId="analysis-language" {...texts} />
      </Stack>
      <Stack direction="row" spacing={1.5} useFlexGap sx={{ flexWrap: 'wrap', alignItems: 'center', mt: 1.5 }}>
        <DateRangeField
          label={t('query.period')}
          value={[`${draft.startDate} 00:00:00`, `${draft.endDate} 23:59:59`]}
          // an incomplete range (being typed, or cleared) keeps the last complete one: the figures always have a period
          onChange={(range) => range && set({ startDate: range[0].slice(0, 10), endDate: range[1].slice(0, 10) })}
        />
        <ToggleButtonGroup size="small" exclusive value={preset} onChange={(_e, n: number | null) => n && set(presetRange(n, today))} aria-label={t('query.period')}>
          {PRESETS.map((n) => (
            <ToggleButton key={n} value={n} sx={{ px: 1.5 }}>
              {t('query.preset', { n })}
            </ToggleButton>
          ))}
        </ToggleButtonGroup>
        <Stack direction="row" spacing={1} sx={{ ml: 'auto' }}>
          <Button type="submit" variant="contained" startIcon={<SearchIcon />}>
            {t('query.search')}
          </Button>
          <Button variant="outlined" startIcon={<RestartAltIcon />} onClick={model.reset}>
            {t('query.reset')}
          </Button>
          <Button
            variant="outlined"
            onClick={() => void model.exportFigures()}
            disabled={model.exporting}
            startIcon={model.exporting ? <CircularProgress size={14} color="inherit" /> : <DownloadIcon />}
          >
            {t(model.exporting ? 'query.exporting' : 'query.export')}
          </Button>
        </Stack>
      </Stack>
    </Paper>
  );
}
