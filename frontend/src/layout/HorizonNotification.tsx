import { useMemo } from 'react';
import { Notification, NotificationContext, type NotificationProps, useNotificationContext } from 'react-admin';
import { withDefaultDuration } from './notificationDuration';

/** react-admin's notification, with the durations of the spec applied to every message. */
export function HorizonNotification(props: NotificationProps) {
  const context = useNotificationContext();
  const value = useMemo(
    () => ({
      ...context,
      takeNotification: () => {
        const next = context.takeNotification();
        return next ? withDefaultDuration(next) : next;
      },
    }),
    [context],
  );
  return (
    <NotificationContext.Provider value={value}>
      <Notification anchorOrigin={{ vertical: 'top', horizontal: 'center' }} {...props} />
    </NotificationContext.Provider>
  );
}
