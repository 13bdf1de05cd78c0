import { ActionIcon, Button, ColorSwatch, Group, Stack, Text } from '@mantine/core';
import type { WidgetSettings, WidgetUpdate } from '@portal/contract';
import { IconPencil } from '@tabler/icons-react';
import { useState } from 'react';
import { ColourPickerModal } from '../../../components/colour-picker-modal.tsx';
import { RemoveButton } from '../../../components/remove-button.tsx';
import { ContrastWarning } from './contrast-warning.tsx';

const slots = [
  { key: 'primary_brand_color', label: 'Primary' },
  { key: 'secondary_brand_color', label: 'Secondary' },
] as const;
type Slot = (typeof slots)[number];

type Props = { settings: WidgetSettings; save: (patch: WidgetUpdate, done?: () => void) => void; saving: boolean };

/**
 * Primary and secondary brand colours: each added, edited or deleted through the hex picker, with a
 * warning, as the colour is picked and after, when the widget's text would be hard to read on them.
 */
export function BrandColours({ settings, save, saving }: Props) {
  const [editing, setEditing] = useState<Slot | null>(null);
  return (
    <Stack gap="xs">
      <Text fw={600}>Brand colours</Text>
      <Group gap="xl" align="flex-start">
        {slots.map((slot) => {
          const value = settings[slot.key];
          const name = slot.label.toLowerCase();
          return (
            <Stack key={slot.key} gap={6}>
              <Text size="sm">{slot.label}</Text>
              {value ? (
                <Group gap="xs">
                  <ColorSwatch color={value} aria-hidden />
                  <Text ff="monospace" aria-label={`${slot.label} colour`}>
                    {value}
                  </Text>
                  <ActionIcon variant="subtle" aria-label={`Edit the ${name} colour`} onClick={() => setEditing(slot)}>
                    <IconPencil size={16} />
                  </ActionIcon>
                  <RemoveButton label={`Delete the ${name} colour`} onClick={() => save({ [slot.key]: '' })} />
                </Group>
              ) : (
                <Button variant="light" size="xs" w="fit-content" onClick={() => setEditing(slot)}>
                  Add {name} colour
                </Button>
              )}
            </Stack>
          );
        })}
      </Group>
      <ContrastWarning colours={settings} />
      {editing && (
        <ColourPickerModal
          title={`${editing.label} brand colour`}
          initial={settings[editing.key]}
          saving={saving}
          onCancel={() => setEditing(null)}
          onSave={(hex) => save({ [editing.key]: hex }, () => setEditing(null))}
          hint={(hex) => <ContrastWarning colours={{ ...settings, [editing.key]: hex }} quiet />}
        />
      )}
    </Stack>
  );
}
