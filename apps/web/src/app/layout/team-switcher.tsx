import { Avatar, Button, Menu } from '@mantine/core';
import { useLayoutEffect, useRef, useState } from 'react';
import type { UserPartner } from '@portal/contract';
import { useLoginPartner } from '../../features/organizations/api/login-partner.ts';
import { useSession } from '../../lib/session.ts';
import { notifyNotSaved } from '../../lib/notify.ts';

type Props = {
  partners: UserPartner[];
  /** What reached the button that fetched this menu while it was fetched. */
  hovered: boolean;
  pressed: boolean;
  focused: boolean;
};

/** The Team menu: the user's organizations, 200 px wide, closing when the pointer leaves. */
export function TeamSwitcher({ partners, hovered, pressed, focused }: Props) {
  const { partnerId } = useSession();
  const loginPartner = useLoginPartner();
  const target = useRef<HTMLButtonElement>(null);
  const [arrival] = useState({ hovered, pressed, focused });
  // The press is replayed on this button, so the menu opens as a press opens it and gives the focus
  // back when closed; a pointer already over it opens it as hovering does.
  useLayoutEffect(() => {
    if (arrival.focused) target.current?.focus();
    if (arrival.pressed) target.current?.click();
  }, [arrival]);

  return (
    <Menu
      defaultOpened={arrival.hovered && !arrival.pressed}
      trigger="click-hover"
      width={200}
      position="bottom-end"
      openDelay={50}
      closeDelay={150}
      withinPortal
    >
      <Menu.Target>
        <Button ref={target} variant="subtle" loading={loginPartner.isPending}>
          Team
        </Button>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Label>Switch organization</Menu.Label>
        {partners.map((p) => (
          <Menu.Item
            key={p.ID}
            leftSection={<Avatar src={p.image || null} alt="" size={24} radius="sm" />}
            aria-current={p.ID === partnerId ? 'true' : undefined}
            fw={p.ID === partnerId ? 700 : undefined}
            onClick={() =>
              loginPartner.mutate(p, {
                // A new partner's token: reload so every cached screen starts again from its data.
                onSuccess: () => window.location.reload(),
                onError: (error) => notifyNotSaved(error, 'Organization not switched'),
              })
            }
          >
            {p.name}
          </Menu.Item>
        ))}
      </Menu.Dropdown>
    </Menu>
  );
}
