import type { NotificationPayload } from 'react-admin';

/** Spec §8/§9: errors stay 5 s, other notices 2.5 s; undoable ones keep react-admin's default. */
export const ERROR_DURATION = 5000;
export const NOTICE_DURATION = 2500;

export function withDefaultDuration(notification: NotificationPayload): NotificationPayload {
  const options = notification.notificationOptions ?? {};
  if (options.autoHideDuration !== undefined || options.undoable) return notification;
  const autoHideDuration = notification.type === 'error' ? ERROR_DURATION : NOTICE_DURATION;
  return { ...notification, notificationOptions: { ...options, autoHideDuration } };
}
