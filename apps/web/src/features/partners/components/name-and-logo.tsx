import { ActionIcon, Avatar, Group, Indicator, Stack, TextInput } from '@mantine/core';
import type { Partner } from '@portal/contract';
import { IconPlus } from '@tabler/icons-react';
import { useState } from 'react';
import { useSavedConfirmation } from '../../../components/saved-modal.tsx';
import { useUpdatePartner } from '../api/update-partner.ts';
import { EditNameModal, type PartnerSaving } from './edit-name-modal.tsx';
import { UploadImageModal } from './upload-image-modal.tsx';

export function NameAndLogo({ partner, editable }: { partner: Partner; editable: boolean }) {
  const [open, setOpen] = useState<'name' | 'image' | null>(null);
  const update = useUpdatePartner(partner.ID);
  const saved = useSavedConfirmation();
  const close = () => setOpen(null);
  const save = (body: { name?: string; image?: string }) =>
    update.mutate({ ...body, status: true }, { onSuccess: () => (close(), saved.confirm()) });
  const saving: PartnerSaving = { saving: update.isPending, error: update.error?.message, onCancel: close };

  return (
    <Group align="center" gap="lg" wrap="nowrap">
      <Indicator
        disabled={!editable}
        position="bottom-end"
        offset={8}
        size={28}
        label={
          <ActionIcon radius="xl" size={28} aria-label="Change the profile image" onClick={() => setOpen('image')}>
            <IconPlus size={16} />
          </ActionIcon>
        }
      >
        <Avatar src={partner.image || null} alt={`${partner.name} logo`} size={96} radius="md" />
      </Indicator>
      <Stack gap={4} style={{ flex: 1 }}>
        <TextInput
          label="Organization name"
          placeholder="Organization Name"
          value={partner.name}
          readOnly
          onClick={editable ? () => setOpen('name') : undefined}
          onKeyDown={editable ? (e) => e.key === 'Enter' && setOpen('name') : undefined}
          styles={{ input: { cursor: editable ? 'pointer' : 'default' } }}
          description={editable ? 'Click to edit the name' : undefined}
        />
      </Stack>
      {open === 'name' && <EditNameModal name={partner.name} {...saving} onSave={(name) => save({ name })} />}
      {open === 'image' && (
        <UploadImageModal image={partner.image} {...saving} onConfirm={(image) => save({ image })} />
      )}
      {saved.modal}
    </Group>
  );
}
