import type { MouseEvent, ReactNode } from 'react';
import CloseIcon from '@mui/icons-material/Close';
import { alpha, Box, IconButton } from '@mui/material';

export interface TagChipProps {
  children: ReactNode;
  /** Accessible name of the × button; no × without `onRemove`. */
  removeLabel?: string;
  onRemove?: () => void;
  onDoubleClick?: (event: MouseEvent) => void;
  title?: string;
  disabled?: boolean;
}

/** An Element-style tag (light primary background, small ×) for keywords and chosen classes. */
export function TagChip({ children, removeLabel, onRemove, onDoubleClick, title, disabled = false }: TagChipProps) {
  return (
    <Box
      component="span"
      title={title}
      onDoubleClick={disabled ? undefined : onDoubleClick}
      sx={(theme) => ({
        display: 'inline-flex',
        alignItems: 'center',
        height: 26,
        maxWidth: '100%',
        pl: 1,
        pr: onRemove ? 0.25 : 1,
        borderRadius: 1,
        fontSize: 12,
        lineHeight: '24px',
        color: 'primary.main',
        bgcolor: alpha(theme.palette.primary.main, 0.08),
        border: `1px solid ${alpha(theme.palette.primary.main, 0.2)}`,
        cursor: onDoubleClick && !disabled ? 'text' : 'default',
        userSelect: 'none',
      })}
    >
      <Box component="span" sx={{ overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' }}>
        {children}
      </Box>
      {onRemove && (
        <IconButton
          size="small"
          aria-label={removeLabel}
          disabled={disabled}
          onClick={(event) => {
            event.stopPropagation();
            onRemove();
          }}
          sx={{ ml: 0.25, p: 0.25, color: 'primary.main', '&:hover': { bgcolor: 'primary.main', color: 'primary.contrastText' } }}
        >
          <CloseIcon sx={{ fontSize: 12 }} />
        </IconButton>
      )}
    </Box>
  );
}
