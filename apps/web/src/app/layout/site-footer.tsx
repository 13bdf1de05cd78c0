import { Anchor, Group, Text, UnstyledButton } from '@mantine/core';
import { Link, useNavigate } from 'react-router';
import { logout } from '../../features/identity/api/logout.ts';
import { useSession } from '../../lib/session.ts';
import classes from './layout.module.css';

const links = [
  { label: 'Upcoming events', href: 'https://partnerportal.example/events' },
  { label: 'Press releases', href: 'https://partnerportal.example/press' },
  { label: 'Contact', href: 'mailto:support@partnerportal.example' },
  { label: 'Instagram', href: 'https://www.instagram.com/' },
  { label: 'X', href: 'https://x.com/' },
  { label: 'Facebook', href: 'https://www.facebook.com/' },
];

export function SiteFooter() {
  const { accessToken } = useSession();
  const navigate = useNavigate();
  return (
    <footer className={classes.footer}>
      <Group justify="space-between" gap="md">
        <Group gap="md" component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
          {links.map((l) => (
            <li key={l.label}>
              <Anchor
                href={l.href}
                size="sm"
                c="dimmed"
                target={l.href.startsWith('http') ? '_blank' : undefined}
                rel="noreferrer"
              >
                {l.label}
              </Anchor>
            </li>
          ))}
        </Group>
        {accessToken ? (
          <UnstyledButton fz="sm" onClick={() => void logout().then(() => navigate('/login', { replace: true }))}>
            Log out
          </UnstyledButton>
        ) : (
          <Anchor component={Link} to="/login" size="sm">
            Log in
          </Anchor>
        )}
      </Group>
      <Text size="xs" c="dimmed" mt="sm">
        © {new Date().getFullYear()} Partner Portal
      </Text>
    </footer>
  );
}
