import { Avatar, Button, Menu } from '@mantine/core';
import { useCurrentUser } from '../../features/organizations/api/get-current-user.ts';
import { useLoginPartner } from '../../features/organizations/api/login-partner.ts';
import { useSession } from '../../lib/session.ts';
import { notifyNotSaved } from '../../lib/notify.ts';

/** The Team control: the user's organizations, 200 px wide, closing when the pointer leaves. */
export function TeamMenu() {
  const { partnerId } = useSession();
  const user = useCurrentUser();
  const loginPartner = useLoginPartner();
  const partners = user.data?.Partners ?? [];

  return (
    <Menu trigger="click-hover" width={200} position="bottom-end" openDelay={50} closeDelay={150} withinPortal>
      <Menu.Target>
        <Button variant="subtle" loading={loginPartner.isPending}>
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
