import { ActionIcon } from '@mantine/core';
import { IconTrash } from '@tabler/icons-react';

type Props = { label: string; onClick: () => void; loading?: boolean };

/** A red bin that removes, or deletes, what its label names: "Remove slot 2". */
export function RemoveButton({ label, onClick, loading }: Props) {
  return (
    <ActionIcon variant="subtle" color="red" aria-label={label} loading={loading} onClick={onClick}>
      <IconTrash size={16} />
    </ActionIcon>
  );
}
