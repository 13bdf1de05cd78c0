import { Button, Card, Group, Image, Modal, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import type { EventDetail, Sponsor } from '@portal/contract';
import { useState } from 'react';
import { DialogActions } from '../../../../components/dialog-actions.tsx';
import { ImagePicker } from '../../../../components/image-picker.tsx';
import { useDeleteSponsor, useSaveSponsor } from '../../api/event-parts.ts';
import { AddTile } from '../../../../components/add-tile.tsx';

export function SponsorsTab({ event }: { event: EventDetail }) {
  const [editing, setEditing] = useState<Sponsor | 'new' | null>(null);
  const remove = useDeleteSponsor(event.ID);
  return (
    <>
      <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }}>
        {event.sponsors.map((s) => (
          <Card key={s.ID} withBorder radius="md" component="article" aria-label={s.name || 'Sponsor'}>
            <Group wrap="nowrap">
              {s.image && <Image src={s.image} alt="" w={56} h={56} fit="contain" />}
              <Text fw={600}>{s.name || 'Unnamed sponsor'}</Text>
            </Group>
            <Group mt="sm" gap="xs">
              <Button size="xs" variant="light" onClick={() => setEditing(s)}>
                Edit
              </Button>
              <Button
                size="xs"
                variant="subtle"
                color="red"
                loading={remove.isPending && remove.variables === s.ID}
                onClick={() => remove.mutate(s.ID)}
              >
                Remove
              </Button>
            </Group>
          </Card>
        ))}
        <AddTile label="Add Sponsor" minHeight={100} onClick={() => setEditing('new')} />
      </SimpleGrid>
      {editing && (
        <SponsorModal event={event} sponsor={editing === 'new' ? null : editing} onClose={() => setEditing(null)} />
      )}
    </>
  );
}

function SponsorModal({
  event,
  sponsor,
  onClose,
}: {
  event: EventDetail;
  sponsor: Sponsor | null;
  onClose: () => void;
}) {
  const [name, setName] = useState(sponsor?.name ?? '');
  const [image, setImage] = useState(sponsor?.image ?? '');
  const save = useSaveSponsor(event.ID);
  return (
    <Modal opened onClose={onClose} title={sponsor ? 'Edit sponsor' : 'Add Sponsor'} centered>
      <Stack>
        <TextInput label="Sponsor name (optional)" value={name} onChange={(e) => setName(e.currentTarget.value)} />
        <ImagePicker label="Logo (optional)" value={image} onChange={setImage} />
        {save.isError && <Text c="red">{save.error.message}</Text>}
        <DialogActions
          onCancel={onClose}
          confirm="Save"
          loading={save.isPending}
          onConfirm={() => save.mutate({ id: sponsor?.ID, name: name.trim(), image }, { onSuccess: onClose })}
        />
      </Stack>
    </Modal>
  );
}
