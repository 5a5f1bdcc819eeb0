import type { ReactNode } from 'react';
import ChevronLeft from '@mui/icons-material/ChevronLeft';
import ChevronRight from '@mui/icons-material/ChevronRight';
import KeyboardDoubleArrowLeft from '@mui/icons-material/KeyboardDoubleArrowLeft';
import KeyboardDoubleArrowRight from '@mui/icons-material/KeyboardDoubleArrowRight';
import { alpha, Box, Button, ButtonBase, IconButton, Stack, Typography } from '@mui/material';
import { formatDate } from '../text';
import { addMonths, monthGrid, type MonthRef, monthTitle, rangeRole, WEEKDAYS } from './calendar';

export interface CalendarPanelProps {
  month: MonthRef;
  onMonthChange: (month: MonthRef) => void;
  start: string;
  end: string;
  onPick: (day: string) => void;
}

const CELL = 32;

/** One month of days in Chinese (`2026 年 11 月`, 日 一 … 六) with the chosen range highlighted. */
export function CalendarPanel({ month, onMonthChange, start, end, onPick }: CalendarPanelProps) {
  const today = formatDate(new Date());
  const nav = (label: string, delta: number, icon: ReactNode) => (
    <IconButton size="small" aria-label={label} onClick={() => onMonthChange(addMonths(month, delta))}>
      {icon}
    </IconButton>
  );
  return (
    <Box sx={{ p: 1.5, width: CELL * 7 + 24 }} role="dialog" aria-label="选择日期">
      <Stack direction="row" alignItems="center" justifyContent="space-between" sx={{ mb: 1 }}>
        <Stack direction="row">
          {nav('上一年', -12, <KeyboardDoubleArrowLeft fontSize="small" />)}
          {nav('上个月', -1, <ChevronLeft fontSize="small" />)}
        </Stack>
        <Typography variant="body2" sx={{ fontWeight: 600 }}>
          {monthTitle(month)}
        </Typography>
        <Stack direction="row">
          {nav('下个月', 1, <ChevronRight fontSize="small" />)}
          {nav('下一年', 12, <KeyboardDoubleArrowRight fontSize="small" />)}
        </Stack>
      </Stack>
      <Box sx={{ display: 'grid', gridTemplateColumns: `repeat(7, ${CELL}px)`, rowGap: 0.25, justifyContent: 'center' }}>
        {WEEKDAYS.map((name) => (
          <Typography key={name} variant="caption" color="text.secondary" sx={{ textAlign: 'center', lineHeight: `${CELL}px` }}>
            {name}
          </Typography>
        ))}
        {monthGrid(month).map(({ day, date, inMonth }) => {
          const role = rangeRole(day, start, end);
          return (
            <ButtonBase
              key={day}
              aria-label={day}
              aria-pressed={role === 'edge'}
              onClick={() => onPick(day)}
              sx={(theme) => ({
                height: CELL,
                fontSize: 12,
                borderRadius: role === 'inside' ? 0 : '50%',
                color: role === 'edge' ? theme.palette.primary.contrastText : inMonth ? 'text.primary' : 'text.disabled',
                bgcolor:
                  role === 'edge'
                    ? 'primary.main'
                    : role === 'inside'
                      ? alpha(theme.palette.primary.main, 0.12)
                      : 'transparent',
                fontWeight: day === today ? 700 : 400,
                ...(day === today && role !== 'edge' ? { color: 'primary.main' } : {}),
                '&:hover': { bgcolor: role === 'edge' ? 'primary.dark' : alpha(theme.palette.primary.main, 0.2) },
              })}
            >
              {date}
            </ButtonBase>
          );
        })}
      </Box>
      <Stack direction="row" justifyContent="flex-end" sx={{ mt: 1 }}>
        <Button size="small" onClick={() => onPick(today)}>
          今天
        </Button>
      </Stack>
    </Box>
  );
}
