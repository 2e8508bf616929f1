import { useEffect, useRef } from 'react';
import type { InAppNotification } from '@enviro/contracts/alerts';
import { notifyAlert } from '@/lib/notify';

/**
 * SPEC 4: a 4-second notice for each notification that arrives while the app is open. What was
 * already there when the app opened is counted by the bell, not announced again.
 */
export function useNewNotificationNotices(items: readonly InAppNotification[] | undefined): void {
  const newestSeen = useRef<number | null>(null);
  useEffect(() => {
    if (!items) return;
    const newest = items.reduce((max, n) => Math.max(max, n.id), 0);
    if (newestSeen.current === null) {
      newestSeen.current = newest;
      return;
    }
    const seen = newestSeen.current;
    // Oldest first, so the notices stack in the order the alerts opened.
    for (const n of [...items].reverse()) if (n.id > seen && n.readAt === null) notifyAlert(n.title);
    newestSeen.current = Math.max(seen, newest);
  }, [items]);
}
