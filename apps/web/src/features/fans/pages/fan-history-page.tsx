import { DialogActions } from '../../../components/dialog-actions.tsx';
import { FailureAlert } from '../../../components/failure-alert.tsx';
import { isNotFound, NotFound } from '../../../components/not-found.tsx';
import { ActionIcon, Button, Group, Modal, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import type { FanData } from '@portal/contract';
import { IconArrowLeft } from '@tabler/icons-react';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { QueryBoundary } from '../../../components/query-boundary.tsx';
import { SectionCard } from '../../../components/section-card.tsx';
import { usePartnerId } from '../../../lib/session.ts';
import { sendFanPasswordReset, useFanData } from '../api/fans.ts';
import { IdentityDialog } from '../components/identity-dialog.tsx';
import { NotesCard } from '../components/notes-card.tsx';
import { TicketHistory } from '../components/ticket-history.tsx';
import { splitName } from '../people.ts';

function Field({ label, value }: { label: string; value: string }) {
  return (
    <div>
      <Text size="sm" c="dimmed">
        {label}
      </Text>
      <Text>{value || '—'}</Text>
    </div>
  );
}

function PersonalInformation({ person }: { person: FanData['PersonalInformation'] }) {
  const name = splitName(person.full_name);
  return (
    <SectionCard title="Personal information">
      <SimpleGrid cols={2} spacing="sm">
        <Field label="First name" value={name.first} />
        <Field label="Last name" value={name.last} />
        <Field label="Billing address" value={person.street_address} />
        <Field label="City" value={person.city} />
        <Field label="Zip code" value={person.postal_code} />
        <Field label="Country" value={person.country} />
      </SimpleGrid>
    </SectionCard>
  );
}

/** One fan: who they are, notes about them, their ticket history, and the actions staff take for them. */
export function FanHistoryPage() {
  const fanId = Number(useParams().id);
  const partnerId = usePartnerId();
  const navigate = useNavigate();
  const fan = useFanData(partnerId, fanId);
  const [identity, setIdentity] = useState(false);
  const [resetAsked, setResetAsked] = useState(false);
  const reset = useMutation({
    mutationFn: () => sendFanPasswordReset(partnerId, fanId),
    onSuccess: () => {
      setResetAsked(false);
      notifications.show({ color: 'green', message: `A password reset e-mail was sent to ${info?.email}.` });
    },
  });
  const info = fan.data?.PersonalInformation;

  if (fan.isError && isNotFound(fan.error)) return <NotFound />;
  return (
    <Stack>
      <Group gap="xs" wrap="nowrap">
        <ActionIcon component={Link} to="/fan-database" variant="subtle" size="lg" aria-label="Back to fan database">
          <IconArrowLeft />
        </ActionIcon>
        <Title order={1} size="h2" style={{ overflowWrap: 'anywhere' }}>
          {info?.email ?? 'Fan'}
        </Title>
      </Group>
      <QueryBoundary query={fan} loading="Loading fan">
        {({ PersonalInformation: person, TicketHistory: history }) => (
          <>
            <Group gap="sm">
              <Button variant="default" onClick={() => setResetAsked(true)}>
                Reset password
              </Button>
              <Button variant="default" onClick={() => setIdentity(true)}>
                Confirm identity
              </Button>
              <Button onClick={() => navigate(`/fan-refund/${fanId}`, { state: { name: person.full_name } })}>
                Refund ticket
              </Button>
            </Group>
            <SimpleGrid cols={{ base: 1, md: 2 }}>
              <PersonalInformation person={person} />
              <NotesCard partnerId={partnerId} fanId={fanId} />
            </SimpleGrid>
            <TicketHistory history={history} />
            <IdentityDialog
              partnerId={partnerId}
              fanId={fanId}
              hasPhone={person.phone_number !== ''}
              opened={identity}
              onClose={() => setIdentity(false)}
            />
            <Modal opened={resetAsked} onClose={() => setResetAsked(false)} title="Reset password" centered>
              <Stack>
                <Text>Send {person.email} an e-mail with a link to choose a new password?</Text>
                <FailureAlert error={reset.error} />
                <DialogActions
                  onCancel={() => setResetAsked(false)}
                  confirm="Send e-mail"
                  loading={reset.isPending}
                  onConfirm={() => reset.mutate()}
                />
              </Stack>
            </Modal>
          </>
        )}
      </QueryBoundary>
    </Stack>
  );
}
