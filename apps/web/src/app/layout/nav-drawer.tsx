import { Drawer } from '@mantine/core';
import { useEffect, useState } from 'react';
import { MainNav } from './main-nav.tsx';

/** The main navigation in a drawer, for screens below the mobile boundary. */
export function NavDrawer({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  // Mounted closed, then opened: the drawer notes where focus was only when it opens after mounting, and
  // gives it back there on close; it also slides in rather than appearing.
  const [mounted, setMounted] = useState(false);
  useEffect(() => {
    const frame = requestAnimationFrame(() => setMounted(true));
    return () => cancelAnimationFrame(frame);
  }, []);
  return (
    <Drawer opened={opened && mounted} onClose={onClose} title="Menu" hiddenFrom="sm" size="xs">
      <MainNav vertical onNavigate={onClose} />
    </Drawer>
  );
}
