const NOTIFICATIONS = ['notifications'] as const;

/** The bell's notifications: marking them read refetches `all`. */
export const notificationKeys = {
  all: NOTIFICATIONS,
  list: (limit: number) => [...NOTIFICATIONS, limit] as const,
};
