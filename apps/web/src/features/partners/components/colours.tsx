import { ActionIcon, Button, ColorSwatch, Group, SimpleGrid, Stack, Text } from '@mantine/core';
import type { Partner } from '@portal/contract';
import { IconPencil, IconX } from '@tabler/icons-react';
import { useState } from 'react';
import { ColourPickerModal } from '../../../components/colour-picker-modal.tsx';
import { SectionCard } from '../../../components/section-card.tsx';
import { useSavedConfirmation } from '../../../components/saved-modal.tsx';
import { useUpdatePartner } from '../api/update-partner.ts';

const slots = [
  { key: 'primary_color', label: 'Primary' },
  { key: 'secondary_color', label: 'Secondary' },
  { key: 'tertiary_color', label: 'Tertiary' },
] as const;
type Slot = (typeof slots)[number];

export function Colours({ partner, editable }: { partner: Partner; editable: boolean }) {
  const update = useUpdatePartner(partner.ID, 'PATCH');
  const [editing, setEditing] = useState<Slot | null>(null);
  const saved = useSavedConfirmation();
  const save = (slot: Slot, value: string) =>
    update.mutate({ [slot.key]: value }, { onSuccess: () => (setEditing(null), saved.confirm()) });

  return (
    <SectionCard title="Colours">
      <SimpleGrid cols={{ base: 1, xs: 3 }}>
        {slots.map((slot) => {
          const value = partner[slot.key];
          return (
            <Stack key={slot.key} gap={6}>
              <Text fw={600} size="sm">
                {slot.label}
              </Text>
              {value ? (
                <Group gap="xs">
                  <ColorSwatch color={value} aria-hidden />
                  <Text ff="monospace">{value}</Text>
                  {editable && (
                    <>
                      <ActionIcon
                        variant="subtle"
                        aria-label={`Edit the ${slot.label.toLowerCase()} colour`}
                        onClick={() => setEditing(slot)}
                      >
                        <IconPencil size={16} />
                      </ActionIcon>
                      <ActionIcon
                        variant="subtle"
                        color="red"
                        aria-label={`Clear the ${slot.label.toLowerCase()} colour`}
                        onClick={() => save(slot, '')}
                      >
                        <IconX size={16} />
                      </ActionIcon>
                    </>
                  )}
                </Group>
              ) : editable ? (
                <Button variant="light" size="xs" onClick={() => setEditing(slot)} w="fit-content">
                  Add {slot.label.toLowerCase()} colour
                </Button>
              ) : (
                <Text c="dimmed" size="sm">
                  Not set
                </Text>
              )}
            </Stack>
          );
        })}
      </SimpleGrid>
      {update.isError && (
        <Text c="red" size="sm" mt="sm" role="alert">
          {update.error.message}
        </Text>
      )}
      {editing && (
        <ColourPickerModal
          title={`${editing.label} colour`}
          initial={partner[editing.key]}
          saving={update.isPending}
          onCancel={() => setEditing(null)}
          onSave={(hex) => save(editing, hex)}
        />
      )}
      {saved.modal}
    </SectionCard>
  );
}
