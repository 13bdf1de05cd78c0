import { NavLink as MantineNavLink, UnstyledButton } from '@mantine/core';
import { Link, useLocation } from 'react-router';
import { isActive, navItems } from '../nav-items.ts';
import classes from './layout.module.css';

export function MainNav({ vertical = false, onNavigate }: { vertical?: boolean; onNavigate?: () => void }) {
  const { pathname } = useLocation();
  if (vertical) {
    return (
      <nav aria-label="Main">
        {navItems.map((item) => (
          <MantineNavLink
            key={item.to}
            component={Link}
            to={item.to}
            label={item.label}
            active={isActive(item.to, pathname)}
            onClick={onNavigate}
          />
        ))}
      </nav>
    );
  }
  return (
    <nav aria-label="Main" className={classes.nav}>
      {navItems.map((item) => {
        const active = isActive(item.to, pathname);
        return (
          <UnstyledButton
            key={item.to}
            component={Link}
            to={item.to}
            className={classes.navLink}
            data-active={active || undefined}
            aria-current={active ? 'page' : undefined}
          >
            {item.label}
          </UnstyledButton>
        );
      })}
    </nav>
  );
}
