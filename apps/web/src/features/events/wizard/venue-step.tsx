import { Select, SimpleGrid, Stack, TextInput } from '@mantine/core';
import { eventTypes, type EventType } from '@portal/contract';
import type { StepProps } from './step-props.ts';

export function VenueStep({ state, update, errors }: StepProps) {
  const text = (
    key: 'name' | 'venue' | 'street_address' | 'secondary_address' | 'country' | 'state' | 'city' | 'zip_code',
    label: string,
    required = false,
  ) => (
    <TextInput
      label={label}
      required={required}
      value={state[key]}
      error={errors[key] ? true : undefined}
      aria-invalid={errors[key] ? true : undefined}
      onChange={(e) => update({ [key]: e.currentTarget.value })}
    />
  );
  return (
    <Stack>
      {text('name', 'Event name', true)}
      <Select
        label="Event type"
        required
        placeholder="Choose a type"
        data={eventTypes.map((t) => ({ value: t.value, label: t.label }))}
        value={state.event_type}
        error={errors.event_type ? true : undefined}
        onChange={(v) => update({ event_type: v as EventType | null })}
      />
      {text('venue', 'Venue', true)}
      {text('street_address', 'Street address')}
      {text('secondary_address', 'Secondary address')}
      <SimpleGrid cols={{ base: 1, xs: 2 }}>
        {text('country', 'Country')}
        {text('state', 'State')}
        {text('city', 'City')}
        {text('zip_code', 'Zip')}
      </SimpleGrid>
    </Stack>
  );
}
