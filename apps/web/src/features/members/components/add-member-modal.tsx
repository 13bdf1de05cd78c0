import { Button, Modal, Stack, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { inviteBodySchema } from '@portal/contract';
import { z } from 'zod';
import { useState } from 'react';
import { DialogActions } from '../../../components/dialog-actions.tsx';
import { FailureAlert } from '../../../components/failure-alert.tsx';
import { showServerFieldErrors, validateWith } from '../../../lib/form-schema.ts';
import { useInviteMember } from '../api/members.ts';
import { RolePicker } from './role-picker.tsx';

/** The invitation's name and address as the API reads them, and the one role chosen from the list. */
const inviteForm = inviteBodySchema
  .pick({ full_name: true, email: true })
  .extend({ role: z.number({ error: 'Choose a role' }) });

/** Add team member → POST /members → the invitation mail → Invite Sent. */
export function AddMemberModal({
  partnerId,
  userId,
  onClose,
}: {
  partnerId: number;
  userId: number;
  onClose: () => void;
}) {
  const invite = useInviteMember(partnerId);
  const [sentTo, setSentTo] = useState<string | null>(null);
  const form = useForm({
    initialValues: { full_name: '', email: '', role: null as number | null },
    validate: validateWith(inviteForm),
  });

  if (sentTo) {
    return (
      <Modal opened onClose={onClose} title="Invite Sent" centered>
        <Stack>
          <Text>We sent an invitation to {sentTo}. They join the team when they accept it.</Text>
          <Button onClick={onClose}>Okay</Button>
        </Stack>
      </Modal>
    );
  }

  const submit = form.onSubmit(({ full_name, email, role }) =>
    invite.mutate(
      { full_name: full_name.trim(), email: email.trim(), roles: [role!], partner_id: partnerId, user_id: userId },
      { onSuccess: () => setSentTo(email.trim()), onError: (error) => showServerFieldErrors(form, error) },
    ),
  );

  return (
    <Modal opened onClose={onClose} title="Add team member" centered>
      <form onSubmit={submit} noValidate>
        <Stack>
          <FailureAlert error={invite.error} />
          <TextInput label="Name" required {...form.getInputProps('full_name')} data-autofocus />
          <TextInput label="Email" type="email" required {...form.getInputProps('email')} />
          <RolePicker
            value={form.values.role}
            onChange={(id) => form.setFieldValue('role', id)}
            error={form.errors.role as string | undefined}
          />
          <DialogActions onCancel={onClose} confirm="Send Invite" loading={invite.isPending} />
        </Stack>
      </form>
    </Modal>
  );
}
