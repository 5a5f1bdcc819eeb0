import { type ChangeEvent, type KeyboardEvent, useEffect, useId, useRef, useState } from 'react';
import CalendarMonthOutlined from '@mui/icons-material/CalendarMonthOutlined';
import ClearIcon from '@mui/icons-material/Clear';
import {
  Box,
  ClickAwayListener,
  FormControl,
  IconButton,
  InputAdornment,
  InputLabel,
  OutlinedInput,
  Paper,
  Popper,
} from '@mui/material';
import { useInput } from 'react-admin';
import { CalendarPanel } from './dateRange/CalendarPanel';
import { monthOf, type MonthRef, normalizeDay } from './dateRange/calendar';
import { fromDateRange, toDateRange } from './text';

export interface DateRangeInputProps {
  source?: string;
  label?: string;
  /** react-admin passes it to filter inputs; the range is always shown. */
  alwaysOn?: boolean;
}

type Edge = 'start' | 'end';

/**
 * `创建时间 [开始日期 至 结束日期]` with a Chinese calendar (days typed as yyyy-MM-dd work too),
 * writing `createTime: [yyyy-MM-dd 00:00:00, yyyy-MM-dd 23:59:59]` into the list filter (sent as
 * `createTime=a&createTime=b`). An incomplete range sends nothing.
 */
export function DateRangeInput({ source = 'createTime', label = '创建时间' }: DateRangeInputProps) {
  const { field } = useInput({ source });
  return <DateRangeField value={field.value} onChange={field.onChange} label={label} />;
}

export interface DateRangeFieldProps {
  /** `[yyyy-MM-dd 00:00:00, yyyy-MM-dd 23:59:59]` or null (no range). */
  value: unknown;
  onChange: (value: [string, string] | null) => void;
  label?: string;
}

/**
 * The same range field without a react-admin form (lists with their own filter state): a complete
 * range is reported as `[start 00:00:00, end 23:59:59]`, an incomplete one as null.
 */
export function DateRangeField({ value: fieldValue, onChange, label = '创建时间' }: DateRangeFieldProps) {
  const field = { value: fieldValue, onChange };
  const id = useId();
  const anchor = useRef<HTMLDivElement>(null);
  const endInput = useRef<HTMLInputElement>(null);
  const [initialStart, initialEnd] = fromDateRange(field.value);
  const [text, setText] = useState({ start: initialStart, end: initialEnd });
  const [active, setActive] = useState<Edge | null>(null);
  const [month, setMonth] = useState<MonthRef>(() => monthOf(initialStart));

  // Follow outside changes (e.g. all filters cleared), but not our own partial edits.
  const external = JSON.stringify(field.value ?? null);
  const emitted = useRef(external);
  useEffect(() => {
    if (external === emitted.current) return;
    emitted.current = external;
    const [start, end] = fromDateRange(JSON.parse(external));
    setText({ start, end });
  }, [external]);

  const emit = (start: string, end: string) => {
    const value = toDateRange(normalizeDay(start) ?? '', normalizeDay(end) ?? '') ?? null;
    const serialized = JSON.stringify(value);
    if (serialized === emitted.current) return;
    emitted.current = serialized;
    field.onChange(value);
  };

  const update = (next: { start: string; end: string }) => {
    setText(next);
    const startOk = !next.start || normalizeDay(next.start);
    const endOk = !next.end || normalizeDay(next.end);
    if (startOk && endOk) emit(next.start, next.end);
  };

  /** Opens the calendar on the edge's month; moving between the two edges keeps the month shown. */
  const open = (edge: Edge) => {
    if (active === null) setMonth(monthOf(normalizeDay(text[edge]) ?? normalizeDay(text.start)));
    setActive(edge);
  };

  /** Typed text becomes `yyyy-MM-dd` (or is dropped) when the field is left. */
  const tidy = (edge: Edge) => {
    const day = normalizeDay(text[edge]);
    if (text[edge] && !day) update({ ...text, [edge]: '' });
    else if (day && day !== text[edge]) update({ ...text, [edge]: day });
  };

  const pick = (day: string) => {
    const edge = active ?? 'start';
    const next = { ...text, [edge]: day };
    if (next.start && next.end && next.start > next.end) [next.start, next.end] = [next.end, next.start];
    update(next);
    if (edge === 'start' && !next.end) {
      setActive('end');
      endInput.current?.focus();
    } else {
      setActive(null);
    }
  };

  const hasValue = Boolean(text.start || text.end);
  const inputSx = { fontSize: 13, '& input': { textAlign: 'center', px: 0.5, width: 84, flex: '0 0 auto' } };
  // a plain input: a second InputBase inside one FormControl is not supported by MUI
  const endInputSx = {
    width: 84,
    px: 0.5,
    py: '8.5px',
    border: 0,
    outline: 0,
    font: 'inherit',
    fontSize: 13,
    color: 'inherit',
    textAlign: 'center',
    bgcolor: 'transparent',
    '&::placeholder': { color: 'currentColor', opacity: 0.42 },
  } as const;

  return (
    <ClickAwayListener onClickAway={() => setActive(null)}>
      <Box sx={{ display: 'inline-flex', width: { xs: '100%', sm: 290 } }}>
        <FormControl ref={anchor} size="small" variant="outlined" sx={{ mb: '4px' }} fullWidth>
          <InputLabel shrink htmlFor={id}>
            {label}
          </InputLabel>
          <OutlinedInput
            id={id}
            notched
            label={label}
            value={text.start}
            placeholder="开始日期"
            autoComplete="off"
            onChange={(e) => update({ ...text, start: e.target.value })}
            onFocus={() => open('start')}
            onBlur={() => tidy('start')}
            onKeyDown={(e) => e.key === 'Escape' && setActive(null)}
            inputProps={{ 'aria-label': `${label}开始日期`, onClick: () => open('start') }}
            sx={{ ...inputSx, justifyContent: 'space-between' }}
            startAdornment={
              <InputAdornment position="start" sx={{ mr: 0 }}>
                <CalendarMonthOutlined fontSize="small" color="action" />
              </InputAdornment>
            }
            endAdornment={
              <>
                <Box component="span" sx={{ color: 'text.secondary', fontSize: 13, px: 0.5 }}>
                  至
                </Box>
                <Box
                  component="input"
                  ref={endInput}
                  value={text.end}
                  placeholder="结束日期"
                  autoComplete="off"
                  aria-label={`${label}结束日期`}
                  onChange={(e: ChangeEvent<HTMLInputElement>) => update({ ...text, end: e.target.value })}
                  onFocus={() => open('end')}
                  onClick={() => open('end')}
                  onBlur={() => tidy('end')}
                  onKeyDown={(e: KeyboardEvent) => e.key === 'Escape' && setActive(null)}
                  sx={endInputSx}
                />
                <IconButton
                  size="small"
                  aria-label="清空日期"
                  onClick={() => {
                    update({ start: '', end: '' });
                    setActive(null);
                  }}
                  sx={{ visibility: hasValue ? 'visible' : 'hidden', mr: -1 }}
                >
                  <ClearIcon sx={{ fontSize: 16 }} />
                </IconButton>
              </>
            }
          />
        </FormControl>
        <Popper open={active !== null} anchorEl={anchor.current} placement="bottom-start" sx={{ zIndex: 1400 }}>
          <Paper elevation={6} sx={{ mt: 0.5 }} onMouseDown={(e) => e.preventDefault()}>
            <CalendarPanel month={month} onMonthChange={setMonth} start={text.start} end={text.end} onPick={pick} />
          </Paper>
        </Popper>
      </Box>
    </ClickAwayListener>
  );
}
