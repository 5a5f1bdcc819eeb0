// The date range search of the 选择日刊 dialog (开始日期 至 结束日期, 搜索).
import SearchIcon from '@mui/icons-material/Search';
import { Button, Stack, TextField, Typography } from '@mui/material';
import { useJournalText } from '../useJournalText';
import type { DailyJournals } from './useDailyJournals';

type Field = 'start' | 'end';

export function DailyJournalRangeForm({ state }: { state: DailyJournals }) {
  const t = useJournalText();
  const { draft, setDraft, problem, search } = state;

  const fieldError = (field: Field) => {
    if (problem === 'start_after_end') return field === 'start' ? t('daily.start_after_end') : undefined;
    if (problem === `${field}_missing`) return t(`daily.${field}_missing`);
    return undefined;
  };

  const dateField = (field: Field) => {
    const key = field === 'start' ? 'startDate' : 'endDate';
    const error = fieldError(field);
    return (
      <TextField
        type="date"
        size="small"
        label={t(`daily.${field}`)}
        value={draft[key]}
        onChange={(event) => setDraft((current) => ({ ...current, [key]: event.target.value }))}
        error={Boolean(error)}
        helperText={error ?? ' '}
        slotProps={{ inputLabel: { shrink: true }, htmlInput: { 'aria-label': t(`daily.${field}`) } }}
        sx={{ width: 180, m: 0 }}
      />
    );
  };

  return (
    <Stack component="form" direction="row" spacing={1.5} alignItems="flex-start" flexWrap="wrap" useFlexGap onSubmit={search} noValidate aria-label={t('daily.title')}>
      {dateField('start')}
      <Typography color="text.secondary" sx={{ lineHeight: '40px' }}>
        {t('daily.to')}
      </Typography>
      {dateField('end')}
      <Button type="submit" variant="contained" startIcon={<SearchIcon />} disabled={Boolean(problem)} sx={{ height: 40 }}>
        {t('daily.search')}
      </Button>
    </Stack>
  );
}
