import { type KeyboardEvent, useRef } from 'react';
import { Box, ButtonBase } from '@mui/material';
import { horizon, line } from '../../theme/theme';

export interface BorderTabsProps<T extends string> {
  value: T;
  tabs: ReadonlyArray<{ value: T; label: string; id?: string; controls?: string }>;
  onChange: (value: T) => void;
  'aria-label'?: string;
}

/**
 * Element's "border-card" tabs: a grey header strip, the active tab white and joined to the card.
 * A plain tablist (roles, roving focus, arrow/Home/End keys) instead of MUI Tabs, whose indicator
 * measuring forces a layout of the whole page right after the list renders (bench:ui).
 */
export function BorderTabs<T extends string>({ value, tabs, onChange, 'aria-label': label }: BorderTabsProps<T>) {
  const refs = useRef<Array<HTMLButtonElement | null>>([]);
  const onKeyDown = (e: KeyboardEvent, index: number) => {
    const last = tabs.length - 1;
    const next = e.key === 'ArrowRight' ? (index === last ? 0 : index + 1) : e.key === 'ArrowLeft' ? (index === 0 ? last : index - 1) : e.key === 'Home' ? 0 : e.key === 'End' ? last : -1;
    if (next < 0) return;
    e.preventDefault();
    refs.current[next]?.focus();
    onChange(tabs[next].value);
  };
  return (
    <Box
      role="tablist"
      aria-label={label}
      sx={{ display: 'flex', minHeight: 40, bgcolor: horizon('fill'), borderBottom: line('borderLight'), overflowX: 'auto', scrollbarWidth: 'none', flex: 1, minWidth: 0 }}
    >
      {tabs.map((tab, index) => {
        const selected = tab.value === value;
        return (
          <ButtonBase
            key={tab.value}
            ref={(el: HTMLButtonElement | null) => {
              refs.current[index] = el;
            }}
            role="tab"
            id={tab.id}
            aria-selected={selected}
            aria-controls={tab.controls}
            tabIndex={selected ? 0 : -1}
            onClick={() => onChange(tab.value)}
            onKeyDown={(e) => onKeyDown(e, index)}
            sx={{
              flexShrink: 0,
              minHeight: 40,
              px: 2.5,
              mb: '-1px',
              fontSize: 14,
              lineHeight: 1.25,
              whiteSpace: 'nowrap',
              color: selected ? 'primary.main' : horizon('textMuted'),
              fontWeight: selected ? 600 : 400,
              bgcolor: selected ? 'background.paper' : 'transparent',
              borderLeft: '1px solid',
              borderRight: '1px solid',
              borderLeftColor: selected && index > 0 ? horizon('border') : 'transparent',
              borderRightColor: selected ? horizon('border') : 'transparent',
              transition: 'color .2s',
              '&:hover': { color: 'primary.main' },
              '&.Mui-focusVisible': { outline: '2px solid', outlineColor: 'primary.light', outlineOffset: -2 },
            }}
          >
            {tab.label}
          </ButtonBase>
        );
      })}
    </Box>
  );
}
