import { Badge, Button, Group, Stack, Text } from '@mantine/core';
import { stripeStatusText, type Partner, type StripeStatus } from '@portal/contract';
import { FailureAlert } from '../../../components/failure-alert.tsx';
import { SectionCard } from '../../../components/section-card.tsx';
import { useStartOnboarding } from '../api/stripe-link.ts';

const colours: Record<StripeStatus, string> = {
  complete: 'green',
  enabled: 'teal',
  pending: 'yellow',
  'restricted soon': 'orange',
  restricted: 'red',
  rejected: 'red',
};

/** Payout onboarding with the card payment provider (admins only). */
export function BankInfo({ partner }: { partner: Partner }) {
  const onboarding = useStartOnboarding(partner.ID);
  const status = partner.stripe_status;
  return (
    <SectionCard title="Bank Info">
      <Stack>
        {status ? (
          <Group>
            <Badge color={colours[status]} size="lg" variant="light">
              {status === 'complete' ? 'Account Connected' : status}
            </Badge>
            {status !== 'complete' && <Text size="sm">{stripeStatusText[status]}</Text>}
          </Group>
        ) : (
          <Text size="sm" c="dimmed">
            Connect a bank account to receive the money from your ticket sales.
          </Text>
        )}
        <FailureAlert error={onboarding.error} />
        {status !== 'complete' && (
          <Button w="fit-content" onClick={() => onboarding.mutate()} loading={onboarding.isPending}>
            {status ? 'Update bank info' : 'Add bank info'}
          </Button>
        )}
      </Stack>
    </SectionCard>
  );
}
