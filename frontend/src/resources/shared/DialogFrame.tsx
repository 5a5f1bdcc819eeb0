// The frame of the work screens' dialogs (稿件, 日刊): a titled dialog with 取消 / 确认, or only 关闭
// without a confirm action; full screen on phones. The labels come from the caller's catalogue.
import { type ReactNode, useId } from 'react';
import { Button, CircularProgress, Dialog, DialogActions, DialogContent, DialogTitle, type Theme, useMediaQuery } from '@mui/material';

export interface DialogFrameProps {
  open: boolean;
  title: string;
  onClose: () => void;
  /** Without it the dialog only has the close button. */
  onConfirm?: () => void;
  /** While saving: 确认 spins, nothing can be closed. */
  saving?: boolean;
  confirmDisabled?: boolean;
  confirmLabel: string;
  /** The label of the button that closes: 取消 beside 确认, 关闭 alone. */
  cancelLabel: string;
  confirmColor?: 'primary' | 'error';
  maxWidth?: 'xs' | 'sm' | 'md' | 'lg';
  testId?: string;
  children: ReactNode;
}

export function DialogFrame({
  open,
  title,
  onClose,
  onConfirm,
  saving = false,
  confirmDisabled = false,
  confirmLabel,
  cancelLabel,
  confirmColor = 'primary',
  maxWidth = 'sm',
  testId,
  children,
}: DialogFrameProps) {
  const titleId = useId();
  const fullScreen = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'), { noSsr: true });
  return (
    <Dialog open={open} onClose={saving ? undefined : onClose} fullWidth maxWidth={maxWidth} fullScreen={fullScreen} aria-labelledby={titleId} data-testid={testId}>
      <DialogTitle id={titleId} sx={{ fontSize: 16, fontWeight: 600, py: 1.5 }}>
        {title}
      </DialogTitle>
      <DialogContent dividers>{children}</DialogContent>
      <DialogActions sx={{ px: 3, py: 1.5 }}>
        <Button onClick={onClose} disabled={saving} variant="outlined" color="inherit" sx={{ borderColor: 'divider', color: 'text.secondary' }}>
          {cancelLabel}
        </Button>
        {onConfirm && (
          <Button
            variant="contained"
            color={confirmColor}
            onClick={onConfirm}
            disabled={saving || confirmDisabled}
            startIcon={saving ? <CircularProgress size={14} color="inherit" /> : undefined}
          >
            {confirmLabel}
          </Button>
        )}
      </DialogActions>
    </Dialog>
  );
}
