import { notifications } from '@mantine/notifications';

/** SPEC 4: notifications last 4 seconds, then fade. */
export const NOTIFICATION_MS = 4000;

/** An info notice, shown as success. */
export function notifyInfo(message: string): void {
  notifications.show({ message, color: 'green', autoClose: NOTIFICATION_MS });
}

/** An alert notice, shown as danger. */
export function notifyAlert(message: string): void {
  notifications.show({ message, color: 'red', autoClose: NOTIFICATION_MS });
}
