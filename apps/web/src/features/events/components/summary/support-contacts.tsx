import { ActionIcon, Group, Stack, Text, TextInput } from '@mantine/core';
import { IconDeviceFloppy } from '@tabler/icons-react';
import { useState } from 'react';
import { useSaveSupport, useSupport } from '../../api/event-parts.ts';

/** Support contacts: a phone or an e-mail each; the save icon shows only when there is text. */
export function SupportContacts({ eventId }: { eventId: number }) {
  const support = useSupport(eventId);
  const save = useSaveSupport(eventId);
  return (
    <Stack gap="xs">
      <Text size="sm" fw={600} c="dimmed">
        Support contacts
      </Text>
      {support.data?.map((c) => (
        <ContactRow key={c.ID} initial={c.contact} onSave={(contact) => save.mutateAsync({ id: c.ID, contact })} />
      ))}
      <ContactRow initial="" clearAfterSave onSave={(contact) => save.mutateAsync({ contact })} />
      {save.isError && (
        <Text c="red" size="sm">
          {save.error.message}
        </Text>
      )}
    </Stack>
  );
}

function ContactRow({
  initial,
  onSave,
  clearAfterSave,
}: {
  initial: string;
  onSave: (v: string) => Promise<unknown>;
  clearAfterSave?: boolean;
}) {
  const [value, setValue] = useState(initial);
  const changed = value.trim() !== '' && value !== initial;
  return (
    <Group wrap="nowrap">
      <TextInput
        aria-label={initial ? 'Support contact' : 'New support contact'}
        placeholder="Phone or Email"
        value={value}
        onChange={(e) => setValue(e.currentTarget.value)}
        style={{ flex: 1 }}
      />
      {changed && (
        <ActionIcon
          aria-label="Save the support contact"
          variant="light"
          onClick={() =>
            void onSave(value.trim()).then(
              () => clearAfterSave && setValue(''),
              () => undefined,
            )
          }
        >
          <IconDeviceFloppy size={16} />
        </ActionIcon>
      )}
    </Group>
  );
}
