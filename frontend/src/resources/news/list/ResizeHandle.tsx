import type { RefObject } from 'react';
import { Box } from '@mui/material';
import { horizon } from '../../../theme/theme';

/** Drag handle between the list and the side panel (the panel keeps 30–70 % of the width). */
export function ResizeHandle({
  label,
  container,
  onResize,
  onDone,
}: {
  label: string;
  container: RefObject<HTMLDivElement | null>;
  onResize: (percent: number) => void;
  onDone: (percent: number) => void;
}) {
  const percentAt = (clientX: number) => {
    const rect = container.current?.getBoundingClientRect();
    if (!rect || rect.width <= 0) return 45;
    return Math.min(70, Math.max(30, ((rect.right - clientX) / rect.width) * 100));
  };
  return (
    <Box
      role="separator"
      aria-orientation="vertical"
      aria-label={label}
      title={label}
      onPointerDown={(e) => {
        e.preventDefault();
        const target = e.currentTarget;
        target.setPointerCapture(e.pointerId);
        let last = percentAt(e.clientX);
        const move = (ev: PointerEvent) => {
          last = percentAt(ev.clientX);
          onResize(last);
        };
        const up = () => {
          target.removeEventListener('pointermove', move);
          target.removeEventListener('pointerup', up);
          target.removeEventListener('pointercancel', up);
          onDone(last);
        };
        target.addEventListener('pointermove', move);
        target.addEventListener('pointerup', up);
        target.addEventListener('pointercancel', up);
      }}
      sx={{
        width: 6,
        flexShrink: 0,
        cursor: 'col-resize',
        bgcolor: horizon('fill'),
        position: 'relative',
        '&::after': { content: '""', position: 'absolute', top: '50%', left: 2, width: 2, height: 28, mt: '-14px', borderRadius: 1, bgcolor: horizon('textPlaceholder') },
        '&:hover': { bgcolor: horizon('brandLight') },
      }}
    />
  );
}
