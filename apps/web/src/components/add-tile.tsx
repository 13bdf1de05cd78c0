import { Text, UnstyledButton } from '@mantine/core';

/** The dashed tile at the end of a grid of cards that adds one more. */
export function AddTile({
  label,
  onClick,
  minHeight = 120,
}: {
  label: string;
  onClick: () => void;
  minHeight?: number;
}) {
  return (
    <UnstyledButton
      onClick={onClick}
      style={{ border: '2px dashed var(--mantine-color-gray-4)', borderRadius: 8, minHeight }}
    >
      <Text ta="center" fw={600}>
        + {label}
      </Text>
    </UnstyledButton>
  );
}
