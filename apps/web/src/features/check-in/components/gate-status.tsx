import { Alert, Badge, Button, Group, List, Text } from '@mantine/core';
import { gateTime, type GateList } from '@portal/contract';
import type { SyncRefusal } from '../offline/use-gate.ts';

/**
 * Whether this gate is online, how recent the day's list it holds is, and how many admissions it made
 * by itself are still waiting to reach the server.
 */
export function GateStatus({
  online,
  list,
  waiting,
  syncError,
}: {
  online: boolean;
  list: GateList | undefined;
  waiting: number;
  syncError: string | null;
}) {
  return (
    <Group gap="xs" role="status" aria-label="Connection">
      <Badge color={online ? 'green' : 'orange'} size="lg" variant={online ? 'light' : 'filled'}>
        {online ? 'Online' : 'Offline'}
      </Badge>
      <Text size="sm" c="dimmed">
        {list
          ? `${online ? 'List' : 'Admitting on this device from the list'} of ${list.tickets.length.toLocaleString('en-US')} tickets taken at ${gateTime(list.taken_at, list.time_zone)}.`
          : online
            ? 'Taking the day’s list…'
            : 'No list of the day on this device yet.'}
      </Text>
      {waiting > 0 && (
        <Text size="sm" fw={600}>
          {waiting === 1 ? '1 admission' : `${waiting.toLocaleString('en-US')} admissions`} waiting to sync.
        </Text>
      )}
      {syncError && (
        <Alert color="red" w="100%" title="Admissions could not be synced">
          {syncError} They stay on this device and are sent again shortly.
        </Alert>
      )}
    </Group>
  );
}

/** The admissions this gate made offline that the server refused once it heard of them. */
export function SyncRefusals({ refusals, onDismiss }: { refusals: SyncRefusal[]; onDismiss: () => void }) {
  if (refusals.length === 0) return null;
  return (
    <Alert color="red" title="Refused after sync" role="alert">
      <Text size="sm" mb="xs">
        These tickets were let in while offline, but the server refused them:
      </Text>
      <List size="sm" spacing={4}>
        {refusals.map((r) => (
          <List.Item key={r.scan_id}>
            <Text span fw={700}>
              {r.code}
            </Text>
            {r.holder && ` (${r.holder})`}: {r.reason}
          </List.Item>
        ))}
      </List>
      <Button mt="sm" size="xs" variant="white" color="red" onClick={onDismiss}>
        Dismiss
      </Button>
    </Alert>
  );
}
