import { Button, Group, Modal, Stack, Text, Textarea, Title } from '@mantine/core';
import type { FanNote } from '@portal/contract';
import { useState } from 'react';
import { SectionCard } from '../../../components/section-card.tsx';
import { formatNoteDate } from '../../../lib/format.ts';
import { notifyNotSaved } from '../../../lib/notify.ts';
import { useAddFanNote, useFanNotes } from '../api/fans.ts';
import { splitByIsoWeek } from '../people.ts';

function NoteList({ notes, empty }: { notes: FanNote[]; empty: string }) {
  if (notes.length === 0) return <Text c="dimmed">{empty}</Text>;
  return (
    <Stack gap="sm" component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
      {notes.map((n) => (
        <li key={n.ID}>
          <Text size="sm" fw={600}>
            {n.member_email}
          </Text>
          <Text style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>{n.note}</Text>
          <Text size="xs" c="dimmed">
            {formatNoteDate(n.CreatedAt)}
          </Text>
        </li>
      ))}
    </Stack>
  );
}

/** Notes about the fan: add one, see this week's, and View More for this week's and earlier ones. */
export function NotesCard({ partnerId, fanId }: { partnerId: number; fanId: number }) {
  const notes = useFanNotes(partnerId, fanId);
  const add = useAddFanNote(partnerId, fanId);
  const [text, setText] = useState('');
  const [more, setMore] = useState(false);
  const { thisWeek, earlier } = splitByIsoWeek(notes.data ?? []);
  const submit = () =>
    add.mutate(
      { user_id: fanId, partner_id: partnerId, note: text },
      { onSuccess: () => setText(''), onError: (error) => notifyNotSaved(error, 'Note not saved') },
    );

  return (
    <SectionCard
      title="Notes"
      action={
        <Button variant="subtle" size="compact-sm" onClick={() => setMore(true)}>
          View More
        </Button>
      }
    >
      <Stack>
        <Textarea
          label="Add a note"
          autosize
          minRows={2}
          maxLength={2000}
          value={text}
          onChange={(e) => setText(e.currentTarget.value)}
        />
        <Group justify="flex-end">
          <Button variant="default" disabled={text === ''} onClick={() => setText('')}>
            Cancel
          </Button>
          <Button disabled={text === ''} loading={add.isPending} onClick={submit}>
            Submit
          </Button>
        </Group>
        {notes.isError ? (
          <Text c="red">{notes.error.message}</Text>
        ) : (
          <NoteList notes={thisWeek} empty={notes.isPending ? 'Loading notes…' : 'No notes this week.'} />
        )}
      </Stack>
      <Modal opened={more} onClose={() => setMore(false)} title="Notes" size="lg">
        <Stack>
          <Title order={3} size="h5">
            This week
          </Title>
          <NoteList notes={thisWeek} empty="No notes this week." />
          <Title order={3} size="h5">
            Earlier
          </Title>
          <NoteList notes={earlier} empty="No earlier notes." />
        </Stack>
      </Modal>
    </SectionCard>
  );
}
