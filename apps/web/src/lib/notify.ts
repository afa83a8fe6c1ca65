import type * as NotificationsModule from '@mantine/notifications';
import type { NotificationData } from '@mantine/notifications';
import { useSyncExternalStore } from 'react';

// @mantine/notifications (its store, <Notifications> and CSS) loads with the first toast, not
// with the first page (issue 10). Toasts asked for meanwhile are shown in order once it has.
let notificationsModule: Promise<typeof NotificationsModule> | undefined;
let isToastHostNeeded = false;
const listeners = new Set<() => void>();

/** The toasts' code; a failed load (offline) is forgotten so the next toast tries again. */
const loadNotifications = () => {
  notificationsModule ??= import('@mantine/notifications').catch((error: unknown) => {
    notificationsModule = undefined;
    throw error;
  });
  return notificationsModule;
};

const show = (notification: NotificationData) => {
  if (!isToastHostNeeded) {
    isToastHostNeeded = true;
    for (const listener of listeners) listener();
  }
  loadNotifications()
    .then(({ notifications }) => notifications.show(notification))
    .catch(() => undefined);
};

/** Shows an error toast; the same message twice at once shows once. */
export const showErrorToast = (message: string) => {
  show({ id: `error:${message}`, color: 'red', title: 'Something went wrong', message });
};

export const showSuccessToast = (message: string) => {
  show({ color: 'teal', message });
};

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};

/** Whether a toast was asked for, so the app mounts the toast host (`<Notifications>`). */
export const useIsToastHostNeeded = (): boolean =>
  useSyncExternalStore(subscribe, () => isToastHostNeeded);
