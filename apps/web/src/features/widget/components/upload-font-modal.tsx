import { FileInput, Modal, Stack, Text, TextInput } from '@mantine/core';
import { useState } from 'react';
import { DialogActions } from '../../../components/dialog-actions.tsx';
import { readAsDataUrl } from '../../../lib/files.ts';
import { ApiRequestError } from '../../../lib/http.ts';
import { useUploadFont } from '../api/widget.ts';

type Props = { partnerId: number; onClose: () => void; onUploaded: () => void };

/** A WOFF2, WOFF or TTF file under a family name; the server checks the file by its content. */
export function UploadFontModal({ partnerId, onClose, onUploaded }: Props) {
  const upload = useUploadFont(partnerId);
  const [family, setFamily] = useState('');
  const [file, setFile] = useState<File | null>(null);
  const submit = async () => {
    if (!file) return;
    upload.mutate({ family: family.trim(), file: await readAsDataUrl(file) }, { onSuccess: onUploaded });
  };
  const fields = upload.error instanceof ApiRequestError ? upload.error.error.fields : undefined;
  return (
    <Modal opened onClose={onClose} title="Upload font" centered>
      <Stack>
        <TextInput
          label="Font name"
          description="The name to choose it by"
          value={family}
          onChange={(e) => setFamily(e.currentTarget.value)}
          error={fields?.family}
          data-autofocus
        />
        <FileInput
          label="Font file"
          description="WOFF2, WOFF or TTF, up to 2 MB"
          accept=".woff2,.woff,.ttf,font/woff2,font/woff,font/ttf"
          value={file}
          onChange={(f) => {
            setFile(f);
            if (f && !family)
              setFamily(
                f.name
                  .replace(/\.[^.]+$/, '')
                  .replace(/[^\p{L}\p{N} _-]/gu, ' ')
                  .trim(),
              );
          }}
          clearable
        />
        {upload.isError && (
          <Text c="red" size="sm" role="alert">
            {upload.error.message}
          </Text>
        )}
        <DialogActions
          onCancel={onClose}
          confirm="Upload"
          onConfirm={() => void submit()}
          disabled={!file || !family.trim()}
          loading={upload.isPending}
        />
      </Stack>
    </Modal>
  );
}
