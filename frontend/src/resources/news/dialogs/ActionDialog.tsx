import { type ReactNode, useId } from 'react';
import { Button, CircularProgress, Dialog, DialogActions, DialogContent, DialogTitle, type Theme, useMediaQuery } from '@mui/material';
import { useDialogText } from './useDialogText';

export interface ActionDialogProps {
  open: boolean;
  title: string;
  onClose: () => void;
  onConfirm: () => void;
  /** While saving: 确认 spins, nothing can be changed or closed. */
  saving?: boolean;
  confirmDisabled?: boolean;
  confirmLabel?: string;
  confirmColor?: 'primary' | 'error' | 'warning';
  maxWidth?: 'xs' | 'sm' | 'md';
  /** Focus the 确认 button on open (confirmations). */
  focusConfirm?: boolean;
  children: ReactNode;
}

/** The frame of the news dialogs: title, content, 取消 / 确认 — as FormDialog, without a react-admin form. */
export function ActionDialog({
  open,
  title,
  onClose,
  onConfirm,
  saving = false,
  confirmDisabled = false,
  confirmLabel,
  confirmColor = 'primary',
  maxWidth = 'sm',
  focusConfirm = false,
  children,
}: ActionDialogProps) {
  const t = useDialogText();
  const titleId = useId();
  const fullScreen = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'), { noSsr: true });
  return (
    <Dialog open={open} onClose={saving ? undefined : onClose} fullWidth maxWidth={maxWidth} fullScreen={fullScreen} aria-labelledby={titleId}>
      <DialogTitle id={titleId} sx={{ fontSize: 16, fontWeight: 600, py: 1.5 }}>
        {title}
      </DialogTitle>
      <DialogContent dividers>{children}</DialogContent>
      <DialogActions sx={{ px: 3, py: 1.5 }}>
        <Button onClick={onClose} disabled={saving} variant="outlined" color="inherit" sx={{ borderColor: 'divider', color: 'text.secondary' }}>
          {t('common.cancel')}
        </Button>
        <Button
          variant="contained"
          color={confirmColor}
          onClick={onConfirm}
          disabled={saving || confirmDisabled}
          autoFocus={focusConfirm}
          startIcon={saving ? <CircularProgress size={14} color="inherit" /> : undefined}
        >
          {confirmLabel ?? t('common.confirm')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
