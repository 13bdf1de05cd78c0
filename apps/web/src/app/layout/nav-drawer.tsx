import { Drawer } from '@mantine/core';
import { MainNav } from './main-nav.tsx';

/** The main navigation in a drawer, for screens below the mobile boundary. */
export function NavDrawer({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  return (
    <Drawer opened={opened} onClose={onClose} title="Menu" hiddenFrom="sm" size="xs">
      <MainNav vertical onNavigate={onClose} />
    </Drawer>
  );
}
