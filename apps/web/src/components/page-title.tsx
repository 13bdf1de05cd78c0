import { Title } from '@mantine/core';
import type { ReactNode } from 'react';

/** A page's one top heading, at the portal's page-heading size. */
export function PageTitle({ children }: { children: ReactNode }) {
  return (
    <Title order={1} size="h2">
      {children}
    </Title>
  );
}
