import { NavLink as MantineNavLink, UnstyledButton } from '@mantine/core';
import { useClickOutside } from '@mantine/hooks';
import { useId, useLayoutEffect, useRef, useState } from 'react';
import { Link, useLocation } from 'react-router';
import { fittingCount, isActive, navItems } from '../nav-items.ts';
import classes from './layout.module.css';

type Item = (typeof navItems)[number];

function NavItemLink({ item, pathname, onNavigate }: { item: Item; pathname: string; onNavigate?: () => void }) {
  const active = isActive(item.to, pathname);
  return (
    <UnstyledButton
      component={Link}
      to={item.to}
      className={classes.navLink}
      data-active={active || undefined}
      aria-current={active ? 'page' : undefined}
      onClick={onNavigate}
    >
      {item.label}
    </UnstyledButton>
  );
}

/**
 * The items the bar has no room for, behind a More button: a disclosure of links (the pattern for site
 * navigation), not an application menu, so Tab moves through them and Escape closes it.
 */
function MoreItems({ items, pathname }: { items: readonly Item[]; pathname: string }) {
  const [open, setOpen] = useState(false);
  const listId = useId();
  const button = useRef<HTMLButtonElement>(null);
  const root = useClickOutside<HTMLDivElement>(() => setOpen(false));
  const holdsActive = items.some((item) => isActive(item.to, pathname));
  return (
    <div
      ref={root}
      className={classes.more}
      onKeyDown={(event) => {
        if (event.key !== 'Escape' || !open) return;
        setOpen(false);
        button.current?.focus();
      }}
      // Tabbing past the last item closes the list, as clicking elsewhere does.
      onBlur={(event) => {
        if (!event.currentTarget.contains(event.relatedTarget)) setOpen(false);
      }}
    >
      <UnstyledButton
        ref={button}
        className={classes.navLink}
        data-active={holdsActive || undefined}
        aria-expanded={open}
        aria-controls={listId}
        onClick={() => setOpen((was) => !was)}
      >
        More <span aria-hidden>▾</span>
      </UnstyledButton>
      <ul id={listId} className={classes.moreList} hidden={!open}>
        {items.map((item) => (
          <li key={item.to}>
            <NavItemLink item={item} pathname={pathname} onNavigate={() => setOpen(false)} />
          </li>
        ))}
      </ul>
    </div>
  );
}

/** How many items fit in the bar, measured on an invisible copy of every item and of the More button. */
function useFittingCount() {
  const bar = useRef<HTMLDivElement>(null);
  const ruler = useRef<HTMLDivElement>(null);
  const [count, setCount] = useState<number>(navItems.length);
  useLayoutEffect(() => {
    const barElement = bar.current;
    const rulerElement = ruler.current;
    if (!barElement || !rulerElement) return;
    const measure = () => {
      const widths = [...rulerElement.children].map((child) => (child as HTMLElement).offsetWidth);
      const more = widths.pop() ?? 0;
      const gap = parseFloat(getComputedStyle(barElement).columnGap) || 0;
      setCount(fittingCount(widths, more, barElement.clientWidth, gap));
    };
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(barElement);
    // Labels change width when the web font arrives.
    void document.fonts?.ready.then(measure);
    return () => observer.disconnect();
  }, []);
  return { bar, ruler, count };
}

export function MainNav({ vertical = false, onNavigate }: { vertical?: boolean; onNavigate?: () => void }) {
  const { pathname } = useLocation();
  const { bar, ruler, count } = useFittingCount();
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
  const overflow = navItems.slice(count);
  return (
    <nav aria-label="Main" className={classes.navFrame}>
      <div ref={bar} className={classes.nav}>
        {navItems.slice(0, count).map((item) => (
          <NavItemLink key={item.to} item={item} pathname={pathname} />
        ))}
        {overflow.length > 0 && <MoreItems items={overflow} pathname={pathname} />}
      </div>
      <div ref={ruler} className={classes.ruler} aria-hidden inert>
        {navItems.map((item) => (
          <span key={item.to} className={classes.navLink}>
            {item.label}
          </span>
        ))}
        <span className={classes.navLink}>
          More <span aria-hidden>▾</span>
        </span>
      </div>
    </nav>
  );
}
