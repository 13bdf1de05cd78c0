import { AppShell, Container } from '@mantine/core';
import { Outlet } from 'react-router';
import { SiteFooter } from './site-footer.tsx';
import { SiteHeader } from './site-header.tsx';

export function AppLayout() {
  return (
    <AppShell header={{ height: 64 }} padding={0}>
      <AppShell.Header>
        <SiteHeader />
      </AppShell.Header>
      <AppShell.Main>
        <Container size="xl" py="lg">
          <Outlet />
        </Container>
        <SiteFooter />
      </AppShell.Main>
    </AppShell>
  );
}
