import { AppShell, Container } from '@mantine/core';
import { Outlet } from 'react-router';
import { UnsavedChangesGuard } from '../../components/unsaved-changes.tsx';
import { useDialogFocusReturn } from '../dialog-focus-return.ts';
import { SiteFooter } from './site-footer.tsx';
import { SiteHeader } from './site-header.tsx';
import classes from './layout.module.css';

export function AppLayout() {
  useDialogFocusReturn();
  return (
    <UnsavedChangesGuard>
      <AppShell header={{ height: 64 }} padding={0}>
        <AppShell.Header>
          <SiteHeader />
        </AppShell.Header>
        <AppShell.Main className={classes.main}>
          <Container size="xl" py="lg" className={classes.page}>
            <Outlet />
          </Container>
          <SiteFooter />
        </AppShell.Main>
      </AppShell>
    </UnsavedChangesGuard>
  );
}
