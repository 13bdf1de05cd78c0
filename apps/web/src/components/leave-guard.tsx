import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import { useEffect, useRef } from 'react';
import { useBlocker } from 'react-router';

/**
 * Asks before leaving a screen with unsaved work, `when` it holds: in the portal's own navigation (a
 * dialog) and on a reload or closing the tab (the browser's own prompt). `release` lets one deliberate
 * navigation through, such as going to what was just saved.
 */
export function useLeaveGuard(when: boolean, what = 'what you entered') {
  const released = useRef(false);
  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) =>
      when &&
      !released.current &&
      currentLocation.pathname !== nextLocation.pathname &&
      // A session that ended goes to sign in: nothing here could be saved any more.
      nextLocation.pathname !== '/login',
  );
  useEffect(() => {
    // New unsaved work is guarded again, even after a release whose navigation did not happen.
    released.current = false;
    if (!when) return;
    const ask = (event: BeforeUnloadEvent) => {
      if (!released.current) event.preventDefault();
    };
    window.addEventListener('beforeunload', ask);
    return () => window.removeEventListener('beforeunload', ask);
  }, [when]);

  const modal =
    blocker.state === 'blocked' ? (
      <Modal opened onClose={() => blocker.reset()} title="Leave without saving?" centered>
        <Stack>
          <Text>If you leave this page now, {what} is lost.</Text>
          <Group justify="flex-end">
            <Button variant="default" onClick={() => blocker.reset()} data-autofocus>
              Stay
            </Button>
            <Button color="red" onClick={() => blocker.proceed()}>
              Leave
            </Button>
          </Group>
        </Stack>
      </Modal>
    ) : null;
  return {
    modal,
    release: () => {
      released.current = true;
    },
  };
}
