import { type MouseEvent, type ReactElement, type ReactNode, useState } from 'react';
import { Button, IconButton, Tooltip } from '@mui/material';
import { Confirm } from 'react-admin';

export interface ConfirmButtonProps {
  label: string;
  icon: ReactElement;
  /** `icon`: a small icon button with a tooltip (row actions); `text`: a small button (toolbars). */
  variant?: 'icon' | 'text';
  color?: 'primary' | 'error' | 'warning' | 'inherit';
  title?: string;
  content: ReactNode;
  onConfirm: () => void;
  loading?: boolean;
  disabled?: boolean;
}

/** A button that asks first (react-admin <Confirm>) and runs `onConfirm` on 确认. */
export function ConfirmButton({
  label,
  icon,
  variant = 'icon',
  color = 'primary',
  title = '提示',
  content,
  onConfirm,
  loading = false,
  disabled = false,
}: ConfirmButtonProps) {
  const [open, setOpen] = useState(false);
  const openDialog = (event: MouseEvent) => {
    event.stopPropagation();
    setOpen(true);
  };
  return (
    <>
      {variant === 'icon' ? (
        <Tooltip title={label} describeChild>
          <span>
            <IconButton size="small" color={color} aria-label={label} onClick={openDialog} disabled={disabled || loading}>
              {icon}
            </IconButton>
          </span>
        </Tooltip>
      ) : (
        <Button size="small" color={color} startIcon={icon} onClick={openDialog} disabled={disabled || loading}>
          {label}
        </Button>
      )}
      <Confirm
        isOpen={open}
        loading={loading}
        title={title}
        content={content}
        confirm="确认"
        cancel="取消"
        confirmColor={color === 'error' ? 'warning' : 'primary'}
        onConfirm={() => {
          setOpen(false);
          onConfirm();
        }}
        onClose={() => setOpen(false)}
      />
    </>
  );
}
