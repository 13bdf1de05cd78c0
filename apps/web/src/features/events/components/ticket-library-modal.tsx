import {
  Button,
  FileButton,
  Group,
  Image,
  Loader,
  Modal,
  SimpleGrid,
  Stack,
  Text,
  UnstyledButton,
} from '@mantine/core';
import { useState } from 'react';
import { FailureAlert } from '../../../components/failure-alert.tsx';
import { readAsDataUrl } from '../../../lib/files.ts';
import { useCreateTemplate, useTemplates } from '../api/templates.ts';

type Props = {
  partnerId: number;
  selected: number | null;
  onPick: (id: number, fileName: string) => void;
  onClose: () => void;
};

/** Ticket library: pick one of the partner's designs, or upload a new one. */
export function TicketLibraryModal({ partnerId, selected, onPick, onClose }: Props) {
  const templates = useTemplates(partnerId);
  const create = useCreateTemplate(partnerId);
  const [choice, setChoice] = useState<{ id: number; name: string } | null>(
    selected ? { id: selected, name: '' } : null,
  );

  const upload = async (file: File | null) => {
    if (!file) return;
    const created = await create.mutateAsync(await readAsDataUrl(file)).catch(() => null);
    if (created) setChoice({ id: created.ID, name: file.name });
  };

  return (
    <Modal opened onClose={onClose} title="Ticket library" size="lg" centered>
      <Stack>
        <FailureAlert error={create.error} />
        {templates.isPending && <Loader size="sm" aria-label="Loading designs" />}
        {templates.data?.length === 0 && <Text c="dimmed">No designs yet. Upload the first one.</Text>}
        <SimpleGrid cols={{ base: 2, sm: 4 }} role="listbox" aria-label="Ticket designs">
          {templates.data?.map((t, i) => (
            <UnstyledButton
              key={t.ID}
              role="option"
              aria-selected={choice?.id === t.ID}
              aria-label={`Design ${i + 1}`}
              onClick={() => setChoice({ id: t.ID, name: `Design ${i + 1}` })}
              style={{
                border: `2px solid ${choice?.id === t.ID ? 'var(--mantine-primary-color-filled)' : 'var(--mantine-color-gray-3)'}`,
                borderRadius: 8,
                padding: 4,
              }}
            >
              <Image src={t.image} alt="" h={90} fit="contain" />
            </UnstyledButton>
          ))}
        </SimpleGrid>
        <Group justify="space-between">
          <FileButton onChange={(f) => void upload(f)} accept="image/png,image/jpeg">
            {(props) => (
              <Button variant="default" loading={create.isPending} {...props}>
                Upload a design
              </Button>
            )}
          </FileButton>
          <Group>
            <Button variant="default" onClick={onClose}>
              Cancel
            </Button>
            <Button disabled={!choice} onClick={() => choice && onPick(choice.id, choice.name)}>
              Use this design
            </Button>
          </Group>
        </Group>
      </Stack>
    </Modal>
  );
}
