// The pair to compare (from → to, the draft included when there is one) and 对比.
import CompareArrows from '@mui/icons-material/CompareArrows';
import { Box, Button, TextField, Typography } from '@mui/material';
import type { VersionHistory } from './useVersionHistory';

export function ComparePicker({ history }: { history: VersionHistory }) {
  const { t, list, from, setFrom, to, setTo, setView, label, canCompare, enough, hasDraft } = history;
  return (
    <Box sx={{ display: 'flex', alignItems: 'center', flexWrap: 'wrap', gap: 1.5, mt: 2 }}>
      <TextField
        select
        size="small"
        label={t('history.from')}
        value={from ?? ''}
        onChange={(e) => setFrom(Number(e.target.value))}
        slotProps={{ select: { native: true }, inputLabel: { shrink: true } }}
        sx={{ minWidth: 120 }}
        disabled={!enough}
      >
        {list.map((v) => (
          <option key={v.version} value={v.version}>
            {label(v.version)}
          </option>
        ))}
      </TextField>
      <CompareArrows color="action" />
      <TextField
        select
        size="small"
        label={t('history.to')}
        value={to ?? ''}
        onChange={(e) => setTo(e.target.value === 'draft' ? 'draft' : Number(e.target.value))}
        slotProps={{ select: { native: true }, inputLabel: { shrink: true } }}
        sx={{ minWidth: 140 }}
        disabled={!enough}
      >
        {to === null && <option value="" />}
        {hasDraft && <option value="draft">{label('draft')}</option>}
        {list.map((v) => (
          <option key={v.version} value={v.version}>
            {label(v.version)}
          </option>
        ))}
      </TextField>
      <Button
        variant="contained"
        size="small"
        startIcon={<CompareArrows />}
        disabled={!enough || !canCompare}
        onClick={() => from !== null && to !== null && setView({ kind: 'diff', from, to })}
      >
        {t('history.compare')}
      </Button>
      {!enough ? (
        <Typography variant="caption" color="text.secondary">
          {t('history.need_two')}
        </Typography>
      ) : (
        !canCompare && (
          <Typography variant="caption" color="text.secondary">
            {t('history.same_pick')}
          </Typography>
        )
      )}
    </Box>
  );
}
