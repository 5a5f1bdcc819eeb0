// The search bar of 新闻分类: name/code text and status, filtering the loaded tree on the client.
import { Button, MenuItem, Stack, TextField } from '@mui/material';
import { emptyFilter } from './classifyTree';
import type { ClassifyTreeState } from './useClassifyTree';
import { useClassifyText } from './useClassifyText';

export function ClassifySearch({ state }: { state: ClassifyTreeState }) {
  const t = useClassifyText();
  const { filter, setFilter } = state;
  return (
    <Stack direction="row" spacing={1} alignItems="center" useFlexGap sx={{ flexWrap: 'wrap' }}>
      <TextField
        id="classify-search-keyword"
        size="small"
        label={t('search.keyword')}
        placeholder={t('search.keyword_placeholder')}
        value={filter.keyword}
        onChange={(event) => setFilter({ ...filter, keyword: event.target.value })}
        sx={{ width: 240 }}
      />
      <TextField
        select
        id="classify-search-status"
        size="small"
        label={t('search.status')}
        value={filter.enabled}
        onChange={(event) => setFilter({ ...filter, enabled: event.target.value as typeof filter.enabled })}
        sx={{ width: 120 }}
        slotProps={{ select: { displayEmpty: true }, inputLabel: { shrink: true } }}
      >
        <MenuItem value="">{t('search.all')}</MenuItem>
        <MenuItem value="true">{t('search.enabled')}</MenuItem>
        <MenuItem value="false">{t('search.disabled')}</MenuItem>
      </TextField>
      <Button size="small" onClick={() => setFilter(emptyFilter)}>
        {t('search.reset')}
      </Button>
    </Stack>
  );
}
