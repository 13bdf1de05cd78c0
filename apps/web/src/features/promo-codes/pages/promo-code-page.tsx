import { Badge, Button, Card, Group, SimpleGrid, Stack, Text } from '@mantine/core';
import type { PromoCode } from '@portal/contract';
import { useNavigate } from 'react-router';
import { usePromoCodes } from '../../../api/promo-codes.ts';
import { FailureAlert } from '../../../components/failure-alert.tsx';
import { PageTitle } from '../../../components/page-title.tsx';
import { usePartnerId } from '../../../lib/session.ts';
import { useSetPromoActive } from '../api/promo-code.ts';
import { activeDaysText, discountText } from '../format.ts';
import { AddTile } from '../../../components/add-tile.tsx';
import { Loading } from '../../../components/query-boundary.tsx';
import { notifyNotSaved } from '../../../lib/notify.ts';

const DAY = 86_400_000;
const isNew = (p: PromoCode) => Date.now() - new Date(p.created_at).getTime() < DAY;

/** The promo grid: disabled cards dimmed with Activate, active ones with Edit and Disable. */
export function PromoCodePage() {
  const partnerId = usePartnerId();
  const navigate = useNavigate();
  const promos = usePromoCodes(partnerId);
  const setActive = useSetPromoActive(partnerId);
  const toggle = (p: PromoCode, active: boolean) =>
    setActive.mutate({ id: p.ID, active }, { onError: (error) => notifyNotSaved(error) });

  return (
    <Stack>
      <PageTitle>Promo Codes</PageTitle>
      {/* The Add tile below stays usable while the list loads or if it cannot be read. */}
      {promos.isPending && <Loading label="Loading promo codes" />}
      <FailureAlert error={promos.error} />
      <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }}>
        {promos.data?.map((p) => (
          <Card
            key={p.ID}
            withBorder
            radius="md"
            component="article"
            aria-label={p.code}
            bg={p.active ? undefined : 'gray.1'}
          >
            <Stack gap={6}>
              <Group justify="space-between">
                <Text fw={800} size="lg" ff="monospace">
                  {p.code}
                </Text>
                <Group gap={4}>
                  {isNew(p) && <Badge color="green">NEW</Badge>}
                  {!p.active && <Badge color="gray">Inactive</Badge>}
                  {p.draft && (
                    <Badge color="gray" variant="outline">
                      Draft
                    </Badge>
                  )}
                </Group>
              </Group>
              <Text>{discountText(p)}</Text>
              <Text size="sm" c="dimmed">
                {activeDaysText(p)}
              </Text>
              <Text size="sm" c="dimmed">
                {p.TicketTypes.length === 0
                  ? 'Not attached to a ticket type'
                  : p.TicketTypes.map((t) => `${t.event_name} · ${t.name}`).join(', ')}
              </Text>
              <Group gap="xs" mt="xs">
                {p.active ? (
                  <>
                    <Button
                      size="xs"
                      variant="light"
                      onClick={() =>
                        void navigate('/promo-code-steps', { state: { active: 1, ID: p.ID, isEdit: true } })
                      }
                    >
                      Edit
                    </Button>
                    <Button size="xs" variant="subtle" color="red" onClick={() => toggle(p, false)}>
                      Disable
                    </Button>
                  </>
                ) : (
                  <Button size="xs" variant="light" onClick={() => toggle(p, true)}>
                    Activate
                  </Button>
                )}
              </Group>
            </Stack>
          </Card>
        ))}
        <AddTile
          label="Add Promo Code"
          minHeight={140}
          onClick={() => void navigate('/promo-code-steps', { state: { active: 1 } })}
        />
      </SimpleGrid>
    </Stack>
  );
}
