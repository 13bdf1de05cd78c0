import { ActionIcon, Group } from '@mantine/core';
import { IconArrowLeft } from '@tabler/icons-react';
import { Link } from 'react-router';
import { PageTitle } from '../../../components/page-title.tsx';

type Props = { name: string | undefined; back: { to: string; label: string } };

/** Both refund screens: a back arrow and whose tickets these are (the name travels in navigation state). */
export function RefundHeader({ name, back }: Props) {
  return (
    <Group gap="xs" wrap="nowrap">
      <ActionIcon component={Link} to={back.to} state={{ name }} variant="subtle" size="lg" aria-label={back.label}>
        <IconArrowLeft />
      </ActionIcon>
      <PageTitle>Refund tickets{name ? ` of ${name}` : ''}</PageTitle>
    </Group>
  );
}
