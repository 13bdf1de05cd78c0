import { Avatar, Burger, Group, Image, UnstyledButton } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { lazy, useState } from 'react';
import { Deferred } from '../../components/deferred.tsx';
import { Link, useLocation } from 'react-router';
import { useSession } from '../../lib/session.ts';
import logoMark from '../../components/logo-mark.svg';
import { MainNav } from './main-nav.tsx';
import { TeamMenu } from './team-menu.tsx';
import classes from './layout.module.css';

// The drawer's code (a modal, focus trap and transitions) is fetched when the burger is first pressed.
const NavDrawer = lazy(async () => ({ default: (await import('./nav-drawer.tsx')).NavDrawer }));

export function SiteHeader() {
  const { accessToken, partnerId, partnerLogo } = useSession();
  const { pathname } = useLocation();
  const [opened, { toggle, close }] = useDisclosure(false);
  // Once opened it stays mounted, so it closes with its transition.
  const [drawerUsed, setDrawerUsed] = useState(false);
  if (opened && !drawerUsed) setDrawerUsed(true);
  const signedIn = Boolean(accessToken);
  const showNav = signedIn && partnerId !== null && pathname !== '/organization';

  return (
    <div className={classes.header}>
      {signedIn && partnerId !== null ? (
        <UnstyledButton component={Link} to="/profile" aria-label="Organization profile">
          <Avatar src={partnerLogo || null} alt="" radius="sm" size={40} />
        </UnstyledButton>
      ) : (
        <Image src={logoMark} alt="Partner Portal" w={36} h={36} />
      )}
      {showNav && (
        <>
          <Group visibleFrom="sm" style={{ flex: 1, minWidth: 0 }}>
            <MainNav />
          </Group>
          <Group gap="xs" ml="auto" wrap="nowrap">
            <TeamMenu />
            <Burger hiddenFrom="sm" opened={opened} onClick={toggle} aria-label="Open navigation" />
          </Group>
          {drawerUsed && (
            <Deferred fallback={null}>
              <NavDrawer opened={opened} onClose={close} />
            </Deferred>
          )}
        </>
      )}
    </div>
  );
}
