import { Button, FileButton, Group, Image, Input, Text } from '@mantine/core';
import { useState } from 'react';
import { readAsDataUrl } from '../lib/files.ts';

/**
 * Reads a chosen PNG or JPEG image as a data URL for `onRead`; any other file is refused with `error`.
 * `pick` takes what a FileButton gives (nothing when the choice was cancelled).
 */
export function useImagePick(onRead: (dataUrl: string) => void) {
  const [error, setError] = useState<string | null>(null);
  const pick = async (file: File | null) => {
    if (!file) return;
    if (!['image/png', 'image/jpeg'].includes(file.type)) {
      setError('Choose a PNG or JPEG image.');
      return;
    }
    setError(null);
    onRead(await readAsDataUrl(file));
  };
  return { error, pick };
}

/** An optional PNG or JPEG image, kept as a data URL until the form is sent. */
export function ImagePicker({
  label,
  value,
  onChange,
}: {
  label: string;
  value: string;
  onChange: (dataUrl: string) => void;
}) {
  const { error, pick } = useImagePick(onChange);
  return (
    <Input.Wrapper label={label} error={error}>
      <Group mt={6}>
        {value ? (
          <Image src={value} alt={`${label} preview`} h={80} w={80} fit="contain" radius="sm" />
        ) : (
          <Text c="dimmed" size="sm">
            No image
          </Text>
        )}
        <FileButton onChange={(f) => void pick(f)} accept="image/png,image/jpeg">
          {(props) => (
            <Button variant="default" {...props}>
              {value ? 'Change image' : 'Upload image'}
            </Button>
          )}
        </FileButton>
        {value && (
          <Button variant="subtle" color="red" onClick={() => onChange('')}>
            Remove
          </Button>
        )}
      </Group>
    </Input.Wrapper>
  );
}
