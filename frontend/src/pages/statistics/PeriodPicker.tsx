import { Stack, TextField, ToggleButton, ToggleButtonGroup } from '@mui/material';
import { type Period, PERIOD_PRESETS, type PeriodPreset, periodProblem, presetOf, presetPeriod } from './period';
import { useStatisticsText } from './useStatisticsText';

export interface PeriodPickerProps {
  value: Period;
  onChange: (period: Period) => void;
  disabled?: boolean;
}

/** 本周 / 本月 / 本季度 / 今年, or two days; the problem (reversed, too long) under the dates. */
export function PeriodPicker({ value, onChange, disabled }: PeriodPickerProps) {
  const t = useStatisticsText();
  const today = new Date();
  const preset = presetOf(value, today);
  const problem = periodProblem(value);
  const dateField = (key: keyof Period, label: string, error: boolean) => (
    <TextField
      type="date"
      size="small"
      label={label}
      value={value[key]}
      disabled={disabled}
      onChange={(event) => onChange({ ...value, [key]: event.target.value })}
      error={error}
      helperText={error && problem ? t(`period.${problem}`) : undefined}
      slotProps={{ inputLabel: { shrink: true }, htmlInput: { 'aria-label': label } }}
      sx={{ width: 170 }}
    />
  );
  return (
    <Stack direction="row" spacing={1} useFlexGap sx={{ alignItems: 'flex-start', flexWrap: 'wrap', flex: 'none' }}>
      <ToggleButtonGroup
        size="small"
        exclusive
        value={preset}
        disabled={disabled}
        onChange={(_e, next: PeriodPreset | null) => next && onChange(presetPeriod(next, new Date()))}
        aria-label={t('period.label')}
        sx={{ height: 40 }}
      >
        {PERIOD_PRESETS.map((p) => (
          <ToggleButton key={p} value={p}>
            {t(`period.${p}`)}
          </ToggleButton>
        ))}
      </ToggleButtonGroup>
      {dateField('startDate', t('period.start'), problem === 'start_missing' || problem === 'start_after_end' || problem === 'too_long')}
      {dateField('endDate', t('period.end'), problem === 'end_missing')}
    </Stack>
  );
}
