import type { ReactNode } from 'react';
import { Box } from '@mui/material';
import { horizon } from '../../../theme/theme';

/** `label：value` in the muted meta line of a heading; nothing when there is no value. */
export function MetaItem({ label, value }: { label: string; value: ReactNode }) {
  if (value === null || value === undefined || value === '') return null;
  return (
    <Box component="span" sx={{ display: 'inline-flex', gap: 0.5, fontSize: 13, color: horizon('textMuted') }}>
      <span>{label}：</span>
      <Box component="span" sx={{ color: 'text.secondary' }}>
        {value}
      </Box>
    </Box>
  );
}
