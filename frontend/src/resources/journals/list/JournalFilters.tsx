// The 期刊管理 search form: product, year and status.
import { MenuItem, TextField } from '@mui/material';
import { SearchForm } from '../../shared/ListFrame';
import { isJournalStatus } from '../format';
import { JOURNAL_STATUSES } from '../types';
import { useJournalText } from '../useJournalText';
import type { JournalListState } from './useJournalList';

export function JournalFilters({ state }: { state: JournalListState }) {
  const t = useJournalText();
  const { draft, setDraft, productOptions } = state;
  return (
    <SearchForm onSearch={state.search} onReset={state.reset} searchLabel={t('list.search')} resetLabel={t('list.reset')}>
      <TextField
        select
        size="small"
        label={t('list.filter_product')}
        value={draft.productId ?? ''}
        onChange={(event) => setDraft((d) => ({ ...d, productId: event.target.value === '' ? null : Number(event.target.value) }))}
        sx={{ width: { xs: '100%', sm: 220 } }}
      >
        <MenuItem value="">{t('list.filter_product_all')}</MenuItem>
        {productOptions.map((product) => (
          <MenuItem key={product.id} value={product.id}>
            {product.name}
          </MenuItem>
        ))}
      </TextField>
      <TextField
        size="small"
        type="number"
        label={t('list.filter_year')}
        value={draft.year}
        onChange={(event) => setDraft((d) => ({ ...d, year: event.target.value }))}
        sx={{ width: 120 }}
        slotProps={{ htmlInput: { min: 1, step: 1 } }}
      />
      <TextField
        select
        size="small"
        label={t('list.filter_status')}
        value={draft.status}
        onChange={(event) => setDraft((d) => ({ ...d, status: isJournalStatus(event.target.value) ? event.target.value : '' }))}
        sx={{ width: 160 }}
      >
        <MenuItem value="">{t('list.filter_status_all')}</MenuItem>
        {JOURNAL_STATUSES.map((status) => (
          <MenuItem key={status} value={status}>
            {t(`status.${status}`)}
          </MenuItem>
        ))}
      </TextField>
    </SearchForm>
  );
}
