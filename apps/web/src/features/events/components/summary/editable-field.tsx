import { ActionIcon, Group, Stack, Text } from '@mantine/core';
import { IconCheck, IconPencil, IconX } from '@tabler/icons-react';
import { useState, type ReactNode } from 'react';
import { useUnsavedChanges } from '../../../../components/unsaved-changes.tsx';

type Props<T> = {
  label: string;
  value: T;
  display: ReactNode;
  /** The input while editing; it edits the draft it is given. */
  editor: (draft: T, setDraft: (v: T) => void) => ReactNode;
  onSave: (value: T) => Promise<unknown>;
};

/** A field of the summary: shown as text, edited in place, saved with the tick. */
export function EditableField<T>({ label, value, display, editor, onSave }: Props<T>) {
  const [draft, setDraft] = useState<T | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  useUnsavedChanges(draft !== null && draft !== value, `the ${label.toLowerCase()} you are editing`);
  const save = async () => {
    setSaving(true);
    try {
      await onSave(draft as T);
      setDraft(null);
      setError(null);
    } catch (e) {
      setError(e instanceof Error ? e.message : 'Not saved');
    } finally {
      setSaving(false);
    }
  };
  return (
    <Stack gap={4} py={6}>
      <Text size="sm" fw={600} c="dimmed">
        {label}
      </Text>
      {draft === null ? (
        <Group justify="space-between" wrap="nowrap" align="flex-start">
          <div style={{ minWidth: 0, flex: 1 }}>{display}</div>
          <ActionIcon variant="subtle" aria-label={`Edit ${label.toLowerCase()}`} onClick={() => setDraft(value)}>
            <IconPencil size={16} />
          </ActionIcon>
        </Group>
      ) : (
        <Group wrap="nowrap" align="flex-start">
          <div style={{ flex: 1 }}>{editor(draft, setDraft)}</div>
          <ActionIcon
            color="green"
            variant="light"
            aria-label={`Save ${label.toLowerCase()}`}
            loading={saving}
            onClick={() => void save()}
          >
            <IconCheck size={16} />
          </ActionIcon>
          <ActionIcon
            variant="subtle"
            aria-label={`Cancel editing ${label.toLowerCase()}`}
            onClick={() => (setDraft(null), setError(null))}
          >
            <IconX size={16} />
          </ActionIcon>
        </Group>
      )}
      {error && (
        <Text c="red" size="sm" role="alert">
          {error}
        </Text>
      )}
    </Stack>
  );
}
