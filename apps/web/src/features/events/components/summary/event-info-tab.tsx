import { Button, Card, Divider, Modal, Select, Stack, Text, Textarea, TextInput } from '@mantine/core';
import { eventTypeLabel, eventTypes, gateTimes, type EventDetail, type EventType } from '@portal/contract';
import { useMemo, useState } from 'react';
import { timeZoneOptions } from '../../../../lib/format.ts';
import { useUpdateEvent } from '../../api/update-event.ts';
import { fromRrule, toRrule } from '../../recurrence.ts';
import { RecurrenceEditor } from '../recurrence-editor.tsx';
import { DaysEditor } from './days-editor.tsx';
import { EditableField } from './editable-field.tsx';
import { SupportContacts } from './support-contacts.tsx';

export function EventInfoTab({ event }: { event: EventDetail }) {
  const update = useUpdateEvent(event.ID);
  const zones = useMemo(() => timeZoneOptions(event.time_zone), [event.time_zone]);
  const [modifying, setModifying] = useState(false);
  const save = (body: Parameters<typeof update.mutateAsync>[0]) => update.mutateAsync(body);
  const gateLabel =
    gateTimes.find((g) => g.value === event.gate_time)?.label ?? `${-event.gate_time} hours before event start`;

  return (
    <Card withBorder radius="md" padding="lg">
      <Stack gap={0}>
        <EditableField
          label="Name"
          value={event.name}
          display={<Text fw={600}>{event.name}</Text>}
          editor={(v, set) => <TextInput aria-label="Name" value={v} onChange={(e) => set(e.currentTarget.value)} />}
          onSave={(name) => save({ name })}
        />
        <EditableField
          label="Venue"
          value={event.venue}
          display={<Text>{event.venue}</Text>}
          editor={(v, set) => <TextInput aria-label="Venue" value={v} onChange={(e) => set(e.currentTarget.value)} />}
          onSave={(venue) => save({ venue })}
        />
        <EditableField<EventType>
          label="Event type"
          value={event.event_type}
          display={<Text>{eventTypeLabel(event.event_type)}</Text>}
          editor={(v, set) => (
            <Select
              aria-label="Event type"
              allowDeselect={false}
              data={eventTypes.map((t) => ({ value: t.value, label: t.label }))}
              value={v}
              onChange={(x) => x && set(x as EventType)}
            />
          )}
          onSave={(event_type) => save({ event_type })}
        />
        <EditableField
          label="Gate time"
          value={event.gate_time}
          display={<Text>{gateLabel}</Text>}
          editor={(v, set) => (
            <Select
              aria-label="Gate time"
              allowDeselect={false}
              data={gateTimes.map((g) => ({ value: String(g.value), label: g.label }))}
              value={String(v)}
              onChange={(x) => x && set(Number(x))}
            />
          )}
          onSave={(gate_time) => save({ gate_time })}
        />
        <EditableField
          label="Description"
          value={event.description}
          display={<Text lineClamp={2}>{event.description || '—'}</Text>}
          editor={(v, set) => (
            <Textarea
              aria-label="Description"
              autosize
              minRows={3}
              value={v}
              onChange={(e) => set(e.currentTarget.value)}
            />
          )}
          onSave={(description) => save({ description })}
        />
        <EditableField
          label="Time zone"
          value={event.time_zone}
          display={<Text>{event.time_zone}</Text>}
          editor={(v, set) => (
            <Select
              aria-label="Time zone"
              searchable
              allowDeselect={false}
              data={zones}
              value={v}
              onChange={(x) => x && set(x)}
            />
          )}
          onSave={(time_zone) => save({ time_zone })}
        />
        <Divider my="sm" />
        <SupportContacts eventId={event.ID} />
        <Divider my="sm" />
        <DaysEditor event={event} />
        {event.recurrence_id && (
          <>
            <Divider my="sm" />
            <Text size="sm" c="dimmed">
              Part of a recurring series ({event.rrule}).
            </Text>
            <Button variant="light" w="fit-content" mt="xs" onClick={() => setModifying(true)}>
              Modify
            </Button>
          </>
        )}
      </Stack>
      {modifying && <ModifyRecurrence event={event} onClose={() => setModifying(false)} />}
    </Card>
  );
}

function ModifyRecurrence({ event, onClose }: { event: EventDetail; onClose: () => void }) {
  const [rule, setRule] = useState(() => fromRrule(event.rrule, event.start_date.slice(0, 10)));
  const update = useUpdateEvent(event.ID);
  return (
    <Modal opened onClose={onClose} title="Custom Recurrence" size="lg" centered>
      <Stack>
        <RecurrenceEditor value={rule} onChange={setRule} />
        {update.isError && <Text c="red">{update.error.message}</Text>}
        <Button
          loading={update.isPending}
          onClick={() => update.mutate({ rrule: toRrule(rule) }, { onSuccess: onClose })}
        >
          Save
        </Button>
      </Stack>
    </Modal>
  );
}
