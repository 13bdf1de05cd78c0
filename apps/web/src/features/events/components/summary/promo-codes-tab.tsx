import { Badge, Button, Card, SimpleGrid, Stack, Text } from '@mantine/core';
import type { EventDetail } from '@portal/contract';
import { useNavigate } from 'react-router';
import { AddTile } from '../../../../components/add-tile.tsx';

/** The promo codes attached to this event's ticket types; adding or editing opens the promo wizard. */
export function PromoCodesTab({ event }: { event: EventDetail }) {
  const navigate = useNavigate();
  const promos = new Map<number, { ID: number; code: string; tickets: string[] }>();
  for (const t of event.ticket_types) {
    for (const p of t.Promocodes ?? []) {
      const entry = promos.get(p.ID) ?? { ID: p.ID, code: p.code, tickets: [] };
      entry.tickets.push(`${t.name}${p.quantity === -1 ? '' : ` (${p.quantity})`}`);
      promos.set(p.ID, entry);
    }
  }
  return (
    <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }}>
      {[...promos.values()].map((p) => (
        <Card key={p.ID} withBorder radius="md" component="article" aria-label={p.code}>
          <Stack gap={6}>
            <Badge size="lg" variant="light" w="fit-content">
              {p.code}
            </Badge>
            <Text size="sm" c="dimmed">
              {p.tickets.join(', ')}
            </Text>
            <Button
              size="xs"
              variant="light"
              w="fit-content"
              onClick={() =>
                void navigate('/promo-code-steps', {
                  state: { active: 2, ID: p.ID, fromEvent: true, eventId: event.ID, isEdit: true },
                })
              }
            >
              Edit
            </Button>
          </Stack>
        </Card>
      ))}
      <AddTile
        label="Add Promo Code"
        minHeight={100}
        onClick={() => void navigate('/promo-code-steps', { state: { active: 1, fromEvent: true, eventId: event.ID } })}
      />
    </SimpleGrid>
  );
}
