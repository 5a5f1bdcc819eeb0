import { useEffect, useRef, useState } from 'react';
import { Stack, TextField } from '@mui/material';
import { useInput } from 'react-admin';
import { fromDateRange, toDateRange } from './text';

export interface DateRangeInputProps {
  source?: string;
  label?: string;
  /** react-admin passes it to filter inputs; the range is always shown. */
  alwaysOn?: boolean;
}

/**
 * Two day pickers writing `createTime: [yyyy-MM-dd 00:00:00, yyyy-MM-dd 23:59:59]` into the list
 * filter (sent as `createTime=a&createTime=b`). An incomplete range sends nothing.
 */
export function DateRangeInput({ source = 'createTime', label = '创建时间' }: DateRangeInputProps) {
  const { field } = useInput({ source });
  const [initialStart, initialEnd] = fromDateRange(field.value);
  const [start, setStart] = useState(initialStart);
  const [end, setEnd] = useState(initialEnd);

  // Follow outside changes (e.g. all filters cleared), but not our own partial edits.
  const external = JSON.stringify(field.value ?? null);
  const emitted = useRef(external);
  useEffect(() => {
    if (external === emitted.current) return;
    emitted.current = external;
    const [s, e] = fromDateRange(JSON.parse(external));
    setStart(s);
    setEnd(e);
  }, [external]);

  const update = (nextStart: string, nextEnd: string) => {
    setStart(nextStart);
    setEnd(nextEnd);
    const value = toDateRange(nextStart, nextEnd) ?? null;
    emitted.current = JSON.stringify(value);
    field.onChange(value);
  };

  return (
    <Stack direction="row" spacing={1} alignItems="center" sx={{ mb: '4px' }}>
      <TextField
        size="small"
        type="date"
        label={`${label}起`}
        value={start}
        onChange={(e) => update(e.target.value, end)}
        slotProps={{ inputLabel: { shrink: true } }}
      />
      <TextField
        size="small"
        type="date"
        label={`${label}止`}
        value={end}
        onChange={(e) => update(start, e.target.value)}
        slotProps={{ inputLabel: { shrink: true } }}
      />
    </Stack>
  );
}
