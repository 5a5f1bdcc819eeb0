// A button that asks in a small popover first (生成期刊, 删除): the question, 取消 and 确认.
import { type ReactElement, type ReactNode, useId, useRef, useState } from 'react';
import { Button, IconButton, Popover, Stack, Tooltip, Typography } from '@mui/material';
import { useWorkbenchText } from '../useWorkbenchText';

export interface ConfirmPopoverButtonProps {
  label: string;
  question: string;
  onConfirm: () => void;
  icon?: ReactElement;
  /** `icon`: a small icon button with a tooltip (row actions); `button` (default). */
  variant?: 'icon' | 'button';
  color?: 'primary' | 'error' | 'success' | 'warning';
  contained?: boolean;
  disabled?: boolean;
  /** Shown instead of the label while working (the button stays disabled). */
  busy?: ReactNode;
}

export function ConfirmPopoverButton({ label, question, onConfirm, icon, variant = 'button', color = 'primary', contained, disabled, busy }: ConfirmPopoverButtonProps) {
  const t = useWorkbenchText();
  const anchor = useRef<HTMLButtonElement>(null);
  const [open, setOpen] = useState(false);
  const questionId = useId();
  return (
    <>
      {variant === 'icon' ? (
        <Tooltip title={label} describeChild>
          <span>
            <IconButton ref={anchor} size="small" color={color} aria-label={label} onClick={() => setOpen(true)} disabled={disabled}>
              {icon}
            </IconButton>
          </span>
        </Tooltip>
      ) : (
        <Button ref={anchor} size="small" variant={contained ? 'contained' : 'outlined'} color={color} startIcon={icon} onClick={() => setOpen(true)} disabled={disabled || Boolean(busy)}>
          {busy || label}
        </Button>
      )}
      <Popover
        open={open}
        anchorEl={anchor.current}
        onClose={() => setOpen(false)}
        anchorOrigin={{ vertical: 'bottom', horizontal: 'center' }}
        transformOrigin={{ vertical: 'top', horizontal: 'center' }}
        slotProps={{ paper: { role: 'alertdialog', 'aria-describedby': questionId, sx: { p: 1.5, maxWidth: 280 } } }}
      >
        <Typography id={questionId} variant="body2" sx={{ mb: 1 }}>
          {question}
        </Typography>
        <Stack direction="row" spacing={1} justifyContent="flex-end">
          <Button size="small" onClick={() => setOpen(false)}>
            {t('common.cancel')}
          </Button>
          <Button
            size="small"
            variant="contained"
            color={color}
            onClick={() => {
              setOpen(false);
              onConfirm();
            }}
          >
            {t('common.confirm')}
          </Button>
        </Stack>
      </Popover>
    </>
  );
}
