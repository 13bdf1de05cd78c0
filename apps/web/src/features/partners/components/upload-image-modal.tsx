import { Alert, Avatar, Button, Center, FileButton, Group, Modal, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { DialogActions } from '../../../components/dialog-actions.tsx';
import { useImagePick } from '../../../components/image-picker.tsx';
import type { PartnerSaving } from './edit-name-modal.tsx';

type Props = PartnerSaving & { image: string; onConfirm: (image: string) => void };

/** Upload A Profile Image: the current image (or a default avatar), Remove, Upload Image, Cancel, Confirm. */
export function UploadImageModal({ image, saving, error, onCancel, onConfirm }: Props) {
  const [chosen, setChosen] = useState(image);
  const { error: readError, pick } = useImagePick(setChosen);

  return (
    <Modal opened onClose={onCancel} title="Upload A Profile Image" centered>
      <Stack>
        {(error ?? readError) && <Alert color="red">{error ?? readError}</Alert>}
        <Center>
          <Avatar src={chosen || null} alt={chosen ? 'Chosen image' : 'Default avatar'} size={140} radius="md" />
        </Center>
        <Text size="sm" c="dimmed" ta="center">
          PNG or JPEG, up to 5 MB.
        </Text>
        <Group justify="center">
          <Button variant="default" color="red" onClick={() => setChosen('')} disabled={!chosen}>
            Remove
          </Button>
          <FileButton onChange={(f) => void pick(f)} accept="image/png,image/jpeg">
            {(props) => <Button {...props}>Upload Image</Button>}
          </FileButton>
        </Group>
        <DialogActions
          onCancel={onCancel}
          confirm="Confirm"
          onConfirm={() => onConfirm(chosen)}
          disabled={chosen === image}
          loading={saving}
        />
      </Stack>
    </Modal>
  );
}
