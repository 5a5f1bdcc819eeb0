import { type ReactNode, useId } from 'react';
import { Button, CircularProgress, Dialog, DialogActions, DialogContent, DialogTitle, type Theme, useMediaQuery } from '@mui/material';
import { useManuscriptText } from './useManuscriptText';

export interface DialogFrameProps {
  open: boolean;
  title: string;
  onClose: () => void;
  /** Without it the dialog only has 关闭. */
  onConfirm?: () => void;
  /** While saving: 确认 spins, nothing can be closed. */
  saving?: boolean;
  confirmDisabled?: boolean;
  confirmLabel?: string;
  confirmColor?: 'primary' | 'error';
  maxWidth?: 'xs' | 'sm' | 'md' | 'lg';
  testId?: string;
  children: ReactNode;
}

/** The frame of the manuscript dialogs: title, content, 取消 / 确认 (full screen on phones). */
export function DialogFrame({ open, title, onClose, onConfirm, saving = false, confirmDisabled = false, confirmLabel, confirmColor = 'primary', maxWidth = 'sm', testId, children }: DialogFrameProps) {
  const t = useManuscriptText();
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
          {onConfirm ? t('common.cancel') : t('common.close')}
        </Button>
        {onConfirm && (
          <Button
            variant="contained"
            color={confirmColor}
            onClick={onConfirm}
            disabled={saving || confirmDisabled}
            startIcon={saving ? <CircularProgress size={14} color="inherit" /> : undefined}
          >
            {confirmLabel ?? t('common.confirm')}
          </Button>
        )}
      </DialogActions>
    </Dialog>
  );
}
