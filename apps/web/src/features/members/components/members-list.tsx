import { ActionIcon, Badge, Button, Group, Stack, Text } from '@mantine/core';
import type { Member } from '@portal/contract';
import { IconPencil } from '@tabler/icons-react';
import { useState } from 'react';
import { SectionCard } from '../../../components/section-card.tsx';
import { useMembers } from '../api/members.ts';
import { AddMemberModal } from './add-member-modal.tsx';
import { MemberRoleModal } from './member-role-modal.tsx';
import classes from './members-list.module.css';

type Props = { partnerId: number; userId: number; isAdmin: boolean; canRemove: boolean };

/** Organization members: alternating rows of 81 px; pending invitees dimmed; admins add and edit. */
export function MembersList({ partnerId, userId, isAdmin, canRemove }: Props) {
  const members = useMembers(partnerId);
  const [adding, setAdding] = useState(false);
  const [editing, setEditing] = useState<Member | null>(null);

  return (
    <SectionCard
      title="Organization members"
      action={
        isAdmin && (
          <Button size="xs" onClick={() => setAdding(true)}>
            ADD MEMBER
          </Button>
        )
      }
    >
      {members.isError && <Text c="red">{members.error.message}</Text>}
      <Stack gap={0} component="ul" className={classes.list} aria-label="Members">
        {members.data?.map((m) => (
          <li key={m.MemberID} className={classes.row} data-pending={!m.status || undefined}>
            <Stack gap={0} className={classes.who}>
              <Text fw={600} truncate>
                {m.User.full_name || m.email}
              </Text>
              <Text size="sm" c="dimmed" truncate>
                {m.email}
              </Text>
            </Stack>
            <Group gap="xs" wrap="nowrap" className={classes.badges}>
              {!m.status && (
                <Badge color="gray" variant="outline">
                  Invitation pending
                </Badge>
              )}
              <Badge variant="light">{m.Roles[0]?.name ?? 'no role'}</Badge>
              {isAdmin && (
                <ActionIcon
                  variant="subtle"
                  aria-label={`Edit the role of ${m.User.full_name || m.email}`}
                  onClick={() => setEditing(m)}
                >
                  <IconPencil size={16} />
                </ActionIcon>
              )}
            </Group>
          </li>
        ))}
      </Stack>
      {adding && <AddMemberModal partnerId={partnerId} userId={userId} onClose={() => setAdding(false)} />}
      {editing && (
        <MemberRoleModal
          partnerId={partnerId}
          member={editing}
          canRemove={canRemove}
          onClose={() => setEditing(null)}
        />
      )}
    </SectionCard>
  );
}
