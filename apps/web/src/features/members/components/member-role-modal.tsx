import { Alert, Button, Group, Modal, Stack, Text } from '@mantine/core';
import type { Member } from '@portal/contract';
import { useState } from 'react';
import { DialogActions } from '../../../components/dialog-actions.tsx';
import { useChangeRole, useRemoveMember } from '../api/members.ts';
import { RolePicker } from './role-picker.tsx';

type Props = { partnerId: number; member: Member; canRemove: boolean; onClose: () => void };

/** Member Role and Permissions: change the role, or (admins) remove the member from the team. */
export function MemberRoleModal({ partnerId, member, canRemove, onClose }: Props) {
  const [roleId, setRoleId] = useState<number | null>(member.Roles[0]?.ID ?? null);
  const [confirming, setConfirming] = useState(false);
  const change = useChangeRole(partnerId);
  const remove = useRemoveMember(partnerId);
  const error = change.error?.message ?? remove.error?.message;

  return (
    <Modal opened onClose={onClose} title="Member Role and Permissions" centered>
      <Stack>
        <Text fw={600}>
          {member.User.full_name}{' '}
          <Text span c="dimmed">
            ({member.email})
          </Text>
        </Text>
        {error && <Alert color="red">{error}</Alert>}
        {confirming ? (
          <Stack>
            <Text>Remove {member.User.full_name} from the team? They lose access to this organization at once.</Text>
            <DialogActions
              cancel="Keep"
              onCancel={() => setConfirming(false)}
              confirm="Remove"
              danger
              loading={remove.isPending}
              onConfirm={() => remove.mutate(member.MemberID, { onSuccess: onClose })}
            />
          </Stack>
        ) : (
          <>
            <RolePicker value={roleId} onChange={setRoleId} />
            <Group justify="space-between">
              {canRemove ? (
                <Button variant="subtle" color="red" onClick={() => setConfirming(true)}>
                  Remove user from team
                </Button>
              ) : (
                <span />
              )}
              <Group>
                <Button variant="default" onClick={onClose}>
                  Cancel
                </Button>
                <Button
                  loading={change.isPending}
                  disabled={roleId === null || roleId === member.Roles[0]?.ID}
                  onClick={() => change.mutate({ memberId: member.MemberID, roleId: roleId! }, { onSuccess: onClose })}
                >
                  Save
                </Button>
              </Group>
            </Group>
          </>
        )}
      </Stack>
    </Modal>
  );
}
