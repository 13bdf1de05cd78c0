import { Button } from '@mantine/core';
import { lazy, startTransition, useState } from 'react';
import { Deferred } from '../../components/deferred.tsx';
import { useCurrentUser } from '../../features/organizations/api/get-current-user.ts';

// The menu's code (a popover placed by floating-ui, with its transitions) is fetched when the pointer,
// the focus or a press first reaches the Team button, not with every signed-in screen.
const TeamSwitcher = lazy(async () => ({ default: (await import('./team-switcher.tsx')).TeamSwitcher }));

/** The Team control: a button until it is first reached, then the menu of the user's organizations. */
export function TeamMenu() {
  // Asked at once: the list is ready when the menu opens, and a user without an organization is sent away.
  const user = useCurrentUser();
  const [reached, setReached] = useState(false);
  const [hovered, setHovered] = useState(false);
  const [pressed, setPressed] = useState(false);
  const [focused, setFocused] = useState(false);
  // A transition keeps this very button in place, focus and all, until the menu's code has arrived.
  const reach = () => startTransition(() => setReached(true));

  const button = (
    <Button
      variant="subtle"
      onPointerEnter={() => {
        reach();
        setHovered(true);
      }}
      onPointerLeave={() => setHovered(false)}
      onFocus={() => {
        reach();
        setFocused(true);
      }}
      onBlur={() => setFocused(false)}
      onClick={() => {
        reach();
        setPressed(true);
      }}
    >
      Team
    </Button>
  );
  return (
    <Deferred fallback={button}>
      {reached ? (
        <TeamSwitcher partners={user.data?.Partners ?? []} hovered={hovered} pressed={pressed} focused={focused} />
      ) : (
        button
      )}
    </Deferred>
  );
}
