import { Avatar, Burger, Drawer, Group, Image, UnstyledButton } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { Link, useLocation } from 'react-router';
import { useSession } from '../../lib/session.ts';
import logoMark from '../../components/logo-mark.svg';
import { MainNav } from './main-nav.tsx';
import { TeamMenu } from './team-menu.tsx';
import classes from './layout.module.css';

export function SiteHeader() {
  const { accessToken, partnerId, partnerLogo } = useSession();
  const { pathname } = useLocation();
  const [opened, { toggle, close }] = useDisclosure(false);
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
          <Drawer opened={opened} onClose={close} title="Menu" hiddenFrom="sm" size="xs">
            <MainNav vertical onNavigate={close} />
          </Drawer>
        </>
      )}
    </div>
  );
}
