import { Alert, Text } from '@mantine/core';

/** How many of the event's sold tickets are not on the blockchain yet; nothing when none is waiting. */
export function MintWaiting({ count }: { count: number }) {
  if (count === 0) return null;
  return (
    <Alert color="blue" role="status" title={`${count} ${count === 1 ? 'ticket' : 'tickets'} waiting to be minted`}>
      <Text size="sm">
        Every ticket sold is put on the blockchain (minted) in the background, usually within seconds. Until then it is
        sold and valid, and its holder can use it as usual. Tickets waiting longer are minted by themselves as soon as
        the blockchain can be reached again.
      </Text>
    </Alert>
  );
}
