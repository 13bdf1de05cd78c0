import { notificationsStore } from '@mantine/notifications';
import { lazy, useEffect, useState } from 'react';
import { Deferred } from '../components/deferred.tsx';

const Notifications = lazy(async () => ({ default: (await import('./notification-stack.tsx')).Notifications }));

const anyShown = () => {
  const { notifications, queue } = notificationsStore.getState();
  return notifications.length + queue.length > 0;
};

/**
 * Mantine's notification stack, fetched when the first notification is shown: most visits never show
 * one, so its code stays out of the first download. Once there it stays, so notifications close with
 * their transition.
 */
export function DeferredNotifications() {
  const [needed, setNeeded] = useState(anyShown);
  useEffect(() => {
    if (needed) return;
    const check = () => {
      if (anyShown()) setNeeded(true);
    };
    check();
    return notificationsStore.subscribe(check);
  }, [needed]);
  if (!needed) return null;
  return (
    <Deferred fallback={null}>
      <Notifications />
    </Deferred>
  );
}
