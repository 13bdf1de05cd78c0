import { Paper, Title } from '@mantine/core';
import type { ReactNode } from 'react';

/** The frame every signed-out screen shares: a centred card with its heading. */
export function AuthCard({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Paper withBorder shadow="sm" p="xl" radius="md" maw={440} mx="auto" mt="xl">
      <Title order={1} size="h2" mb="lg">
        {title}
      </Title>
      {children}
    </Paper>
  );
}
