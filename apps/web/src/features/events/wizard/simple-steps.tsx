import { Select, Stack, Text, Textarea, TextInput } from '@mantine/core';
import { gateTimes } from '@portal/contract';
import { DateTimeInput } from '../../../components/date-time-input.tsx';
import { ImagePicker } from '../../../components/image-picker.tsx';
import type { StepProps } from './step-props.ts';

export function InfoStep({ state, update }: StepProps) {
  return (
    <Textarea
      label="Description (optional)"
      autosize
      minRows={5}
      maxLength={10_000}
      value={state.description}
      onChange={(e) => update({ description: e.currentTarget.value })}
    />
  );
}

export function OnSaleStep({ state, update }: StepProps) {
  return (
    <Stack>
      <Text size="sm" c="dimmed">
        Tickets go on sale at this time unless a ticket type has its own.
      </Text>
      <DateTimeInput
        label="Default on-sale time"
        value={state.onSale}
        timeZone={state.timeZone}
        onChange={(iso) => update({ onSale: iso })}
      />
    </Stack>
  );
}

export function SponsorStep({ state, update }: StepProps) {
  return (
    <Stack>
      <TextInput
        label="Sponsor name (optional)"
        value={state.sponsorName}
        onChange={(e) => update({ sponsorName: e.currentTarget.value })}
      />
      <ImagePicker
        label="Sponsor logo (optional)"
        value={state.sponsorImage}
        onChange={(v) => update({ sponsorImage: v })}
      />
    </Stack>
  );
}

export function ImagesStep({ state, update }: StepProps) {
  return <ImagePicker label="Event image (optional)" value={state.image} onChange={(v) => update({ image: v })} />;
}

export function DetailsStep({ state, update }: StepProps) {
  return (
    <Stack>
      <Select
        label="Gate time"
        description="When the doors open"
        allowDeselect={false}
        data={gateTimes.map((g) => ({
          value: String(-g.value),
          label: g.label.endsWith('before event start') ? g.label : `${g.label} before event start`,
        }))}
        value={String(state.gateTime)}
        onChange={(v) => v && update({ gateTime: Number(v) })}
      />
      <TextInput
        label="Support contact"
        placeholder="Phone or Email"
        value={state.support}
        onChange={(e) => update({ support: e.currentTarget.value })}
      />
    </Stack>
  );
}
