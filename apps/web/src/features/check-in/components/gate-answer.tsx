import { Paper, Stack, Text } from '@mantine/core';
import { IconCircleCheck, IconCircleX } from '@tabler/icons-react';

/** What the gate said to the last ticket shown to it. */
export type GateAnswer =
  | { kind: 'admitted'; code: string; holder: string; ticketType: string; seat: string | null; offline?: boolean }
  | { kind: 'refused'; code: string; reason: string };

/**
 * The answer to the last ticket, large enough to read at arm's length: green with the holder,
 * ticket type and seat when admitted, red with the reason when not. The region is live, so a screen reader
 * says each answer as it comes.
 */
export function GateAnswerPanel({ answer }: { answer: GateAnswer | null }) {
  const admitted = answer?.kind === 'admitted';
  const Icon = admitted ? IconCircleCheck : IconCircleX;
  return (
    <Paper
      role="status"
      aria-live="polite"
      aria-atomic="true"
      aria-label="Last ticket"
      withBorder={!answer}
      p="lg"
      mih={160}
      bg={answer ? `var(--mantine-color-${admitted ? 'green' : 'red'}-filled)` : undefined}
      c={answer ? 'white' : undefined}
    >
      {answer ? (
        <Stack gap={4} align="center" ta="center">
          <Icon size={48} aria-hidden />
          <Text fz={32} fw={800} lh={1.1}>
            {admitted ? 'Admitted' : 'Not admitted'}
          </Text>
          {answer.kind === 'admitted' ? (
            <>
              <Text fz={24} fw={700}>
                {answer.holder}
              </Text>
              <Text fz="xl" fw={600}>
                {answer.ticketType}
              </Text>
              {answer.seat && (
                <Text fz={28} fw={800}>
                  {answer.seat}
                </Text>
              )}
              {answer.offline && (
                <Text fz="md">Admitted by this device offline: it syncs when the network is back.</Text>
              )}
            </>
          ) : (
            <Text fz={24} fw={700}>
              {answer.reason}
            </Text>
          )}
          <Text fz="lg" fw={600}>
            Ticket {answer.code}
          </Text>
        </Stack>
      ) : (
        <Text c="dimmed" ta="center" fz="lg" py="xl">
          Scan a ticket’s QR code or type its code. The answer shows here.
        </Text>
      )}
    </Paper>
  );
}
