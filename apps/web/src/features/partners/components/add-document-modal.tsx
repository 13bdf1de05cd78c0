import { Button, FileButton, Group, Modal, Stack, Text, TextInput } from '@mantine/core';
import { useState } from 'react';
import { DialogActions } from '../../../components/dialog-actions.tsx';
import { FailureAlert } from '../../../components/failure-alert.tsx';
import { SegmentedChoice } from '../../../components/segmented-choice.tsx';
import { readAsDataUrl } from '../../../lib/files.ts';
import { useAddTerms } from '../api/terms.ts';

/** Add Document: upload a file (PDF, PNG or JPEG) or give a link. */
export function AddDocumentModal({ partnerId, onClose }: { partnerId: number; onClose: () => void }) {
  const add = useAddTerms(partnerId);
  const [mode, setMode] = useState<'upload' | 'link'>('upload');
  const [name, setName] = useState('');
  const [link, setLink] = useState('');
  const [file, setFile] = useState<File | null>(null);
  const ready = name.trim() !== '' && (mode === 'upload' ? file !== null : link.trim() !== '');

  const submit = async () => {
    const content = mode === 'upload' ? await readAsDataUrl(file!) : link.trim();
    add.mutate({ uploaded: mode === 'upload', file: content, file_name: name.trim() }, { onSuccess: onClose });
  };

  return (
    <Modal opened onClose={onClose} title="Add Document" centered>
      <Stack>
        <FailureAlert error={add.error} />
        <SegmentedChoice value={mode} onChange={setMode} choices={{ upload: 'Upload a file', link: 'Give a link' }} />
        <TextInput
          label="Document name"
          value={name}
          onChange={(e) => setName(e.currentTarget.value)}
          required
          maxLength={200}
        />
        {mode === 'upload' ? (
          <Group>
            <FileButton onChange={setFile} accept="application/pdf,image/png,image/jpeg">
              {(props) => (
                <Button variant="default" {...props}>
                  Choose file
                </Button>
              )}
            </FileButton>
            <Text size="sm" c={file ? undefined : 'dimmed'}>
              {file ? file.name : 'PDF, PNG or JPEG, up to 10 MB'}
            </Text>
          </Group>
        ) : (
          <TextInput
            label="Link"
            type="url"
            placeholder="https://"
            value={link}
            onChange={(e) => setLink(e.currentTarget.value)}
            required
          />
        )}
        <DialogActions
          onCancel={onClose}
          confirm="Add"
          onConfirm={() => void submit()}
          disabled={!ready}
          loading={add.isPending}
        />
      </Stack>
    </Modal>
  );
}
