// The filter bar of the manuscript list: 标题, 摘要, 产品, 投稿时间, 搜索 / 重置.
import { type FormEvent, useState } from 'react';
import RestartAltIcon from '@mui/icons-material/RestartAlt';
import SearchIcon from '@mui/icons-material/Search';
import { Button, MenuItem, Stack, TextField } from '@mui/material';
import { DateRangeField } from '../shared/DateRangeInput';
import { fromDateRange, toDateRange } from '../shared/text';
import { EMPTY_FILTERS, type ManuscriptFilters as Filters } from './listState';
import type { ProductChoice } from './types';
import { useManuscriptText } from './useManuscriptText';

export interface ManuscriptFiltersProps {
  value: Filters;
  products: readonly ProductChoice[] | undefined;
  onApply: (filters: Filters) => void;
}

const same = (a: Filters, b: Filters) => a.title === b.title && a.abstracts === b.abstracts && a.productId === b.productId && a.start === b.start && a.end === b.end;

export function ManuscriptFilters({ value, products, onApply }: ManuscriptFiltersProps) {
  const t = useManuscriptText();
  const [draft, setDraft] = useState<Filters>(value);
  // follow outside changes (back/forward, a reset elsewhere)
  const [applied, setApplied] = useState<Filters>(value);
  if (!same(applied, value)) {
    setApplied(value);
    setDraft(value);
  }
  const set = <K extends keyof Filters>(key: K, v: Filters[K]) => setDraft((d) => ({ ...d, [key]: v }));
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onApply({ ...draft, title: draft.title.trim(), abstracts: draft.abstracts.trim() });
  };
  const reset = () => {
    setDraft(EMPTY_FILTERS);
    onApply(EMPTY_FILTERS);
  };
  return (
    <Stack component="form" onSubmit={submit} direction="row" spacing={1.5} useFlexGap flexWrap="wrap" alignItems="center" aria-label={t('filters.search')} noValidate>
      <TextField size="small" label={t('filters.title')} value={draft.title} onChange={(e) => set('title', e.target.value)} sx={{ width: 200 }} />
      <TextField size="small" label={t('filters.abstracts')} value={draft.abstracts} onChange={(e) => set('abstracts', e.target.value)} sx={{ width: 200 }} />
      <TextField
        select
        size="small"
        label={t('filters.product')}
        value={draft.productId === null ? '' : String(draft.productId)}
        onChange={(e) => set('productId', e.target.value === '' ? null : Number(e.target.value))}
        sx={{ width: 180 }}
        slotProps={{ select: { displayEmpty: true }, inputLabel: { shrink: true } }}
        data-testid="manuscript-filter-product"
      >
        <MenuItem value="">{t('filters.all_products')}</MenuItem>
        {(products ?? []).map((p) => (
          <MenuItem key={p.id} value={String(p.id)}>
            {p.name}
          </MenuItem>
        ))}
      </TextField>
      {/* the Chinese calendar of the admin lists (days typed as yyyy-MM-dd work too); a complete range only */}
      <DateRangeField
        label={t('filters.time')}
        value={toDateRange(draft.start, draft.end) ?? null}
        onChange={(range) => {
          const [start, end] = fromDateRange(range);
          setDraft((d) => ({ ...d, start, end }));
        }}
      />
      <Button type="submit" size="small" variant="contained" startIcon={<SearchIcon />}>
        {t('filters.search')}
      </Button>
      <Button size="small" variant="outlined" color="inherit" startIcon={<RestartAltIcon />} onClick={reset} sx={{ borderColor: 'divider', color: 'text.secondary' }}>
        {t('filters.reset')}
      </Button>
    </Stack>
  );
}
