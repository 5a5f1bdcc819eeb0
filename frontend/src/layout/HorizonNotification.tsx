import { useEffect, useState } from 'react';
import { Alert, Button, Snackbar } from '@mui/material';
import {
  type NotificationPayload,
  type NotificationType,
  useNotificationContext,
  useTakeUndoableMutation,
  useTranslate,
} from 'react-admin';
import { HORIZON_SHADOWS } from '../theme/theme';
import { withDefaultDuration } from './notificationDuration';

interface Shown {
  id: number;
  notification: NotificationPayload;
}

const SEVERITY: Record<NotificationType, 'success' | 'info' | 'warning' | 'error'> = {
  success: 'success',
  info: 'info',
  warning: 'warning',
  error: 'error',
};

let sequence = 0;

/**
 * Element-style messages at the top centre with the durations of the spec. A newer message
 * replaces the one on screen at once (react-admin's own queue would show them one after another,
 * each for its full duration, so a notice could trail several actions behind).
 */
export function HorizonNotification() {
  const { notifications, takeNotification } = useNotificationContext();
  const takeMutation = useTakeUndoableMutation();
  const translate = useTranslate();
  const [shown, setShown] = useState<Shown | null>(null);
  const [open, setOpen] = useState(false);

  useEffect(() => {
    if (notifications.length === 0) return;
    // an undoable change on screen must be settled before it is replaced
    if (shown?.notification.notificationOptions?.undoable && open) {
      setOpen(false);
      return;
    }
    const next = takeNotification();
    if (!next) return;
    sequence += 1;
    setShown({ id: sequence, notification: withDefaultDuration(next) });
    setOpen(true);
  }, [notifications, takeNotification, shown, open]);

  if (!shown) return null;
  const { message, type = 'info', notificationOptions = {} } = shown.notification;
  const { autoHideDuration, messageArgs, undoable, multiLine } = notificationOptions;
  const settle = (isUndo: boolean) => takeMutation()?.({ isUndo });

  return (
    <Snackbar
      key={shown.id}
      open={open}
      autoHideDuration={autoHideDuration ?? undefined}
      anchorOrigin={{ vertical: 'top', horizontal: 'center' }}
      onClose={(_event, reason) => reason !== 'clickaway' && setOpen(false)}
      slotProps={{ transition: { onExited: () => undoable && settle(false) } }}
    >
      <Alert
        severity={SEVERITY[type] ?? 'info'}
        variant="standard"
        onClose={() => setOpen(false)}
        action={
          undoable ? (
            <Button
              color="inherit"
              size="small"
              onClick={() => {
                settle(true);
                setOpen(false);
              }}
            >
              {translate('ra.action.undo')}
            </Button>
          ) : undefined
        }
        sx={{
          minWidth: 300,
          maxWidth: 560,
          alignItems: 'center',
          boxShadow: HORIZON_SHADOWS.popup,
          border: 1,
          borderColor: `${SEVERITY[type] ?? 'info'}.light`,
          whiteSpace: multiLine ? 'pre-wrap' : 'normal',
        }}
      >
        {typeof message === 'string' ? translate(message, messageArgs) : message}
      </Alert>
    </Snackbar>
  );
}
