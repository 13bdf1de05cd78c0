import {
  Alert,
  Button,
  Card,
  Group,
  Image,
  NumberInput,
  SimpleGrid,
  Stack,
  Text,
  Textarea,
  TextInput,
} from '@mantine/core';
import { messages } from '@portal/contract';
import { useState } from 'react';
import { DateTimeInput } from '../../../components/date-time-input.tsx';
import { RemoveButton } from '../../../components/remove-button.tsx';
import { SegmentedChoice } from '../../../components/segmented-choice.tsx';
import { useTemplates } from '../api/templates.ts';
import { royaltyOutOfRange, type TicketDraft, type TicketErrors } from '../ticket-draft.ts';
import { PromoCodesPicker } from './promo-codes-picker.tsx';
import { TicketLibraryModal } from './ticket-library-modal.tsx';

type Props = {
  index: number;
  draft: TicketDraft;
  errors: TicketErrors;
  partnerId: number;
  timeZone: string;
  defaultOnSale: string;
  onChange: (draft: TicketDraft) => void;
  onRemove?: (() => void) | undefined;
};

/** One ticket type: name, price, amount, royalty, description, on-sale time and design. */
export function TicketForm({ index, draft, errors, partnerId, timeZone, defaultOnSale, onChange, onRemove }: Props) {
  const [library, setLibrary] = useState(false);
  const templates = useTemplates(partnerId);
  const design = templates.data?.find((t) => t.ID === draft.templateId);
  const set = <K extends keyof TicketDraft>(key: K, value: TicketDraft[K]) => onChange({ ...draft, [key]: value });
  // An emptied number field stays empty rather than turning into 0.
  const numberField = (key: 'ticketPrice' | 'ticketAmount' | 'ticketSecondaryRoyalty') => ({
    value: draft[key],
    error: errors[key],
    onChange: (v: string | number) => set(key, typeof v === 'number' ? v : ''),
  });
  const n = index + 1;

  return (
    <Card withBorder radius="md" component="fieldset" aria-label={`Ticket ${n}`} style={{ border: undefined }}>
      <Stack>
        <Group justify="space-between">
          <Text fw={700}>Ticket {n}</Text>
          {onRemove && <RemoveButton label={`Remove ticket ${n}`} onClick={onRemove} />}
        </Group>
        <TextInput
          label="Ticket name"
          required
          value={draft.ticketName}
          error={errors.ticketName}
          onChange={(e) => set('ticketName', e.currentTarget.value)}
        />
        <SimpleGrid cols={{ base: 1, xs: 3 }}>
          <NumberInput label="Price ($)" placeholder="0" min={0} decimalScale={2} {...numberField('ticketPrice')} />
          <NumberInput label="Amount" min={1} allowDecimal={false} {...numberField('ticketAmount')} />
          <NumberInput
            label="Secondary royalty (%)"
            min={0}
            max={100}
            // Out of range is said at once with the spec's message, never corrected behind the organiser's back.
            clampBehavior="none"
            decimalScale={2}
            {...numberField('ticketSecondaryRoyalty')}
            error={errors.ticketSecondaryRoyalty ?? (royaltyOutOfRange(draft) ? messages.royaltyRange : undefined)}
          />
        </SimpleGrid>
        <Textarea
          label="Description"
          autosize
          minRows={2}
          value={draft.ticketDescription}
          onChange={(e) => set('ticketDescription', e.currentTarget.value)}
        />
        <Stack gap={6}>
          <Text size="sm" fw={500}>
            On sale
          </Text>
          <SegmentedChoice
            w="fit-content"
            value={draft.ticketOnSaleTime === null ? 'default' : 'custom'}
            onChange={(v) => set('ticketOnSaleTime', v === 'default' ? null : defaultOnSale)}
            choices={{ default: 'Event default', custom: 'Custom' }}
          />
          {draft.ticketOnSaleTime !== null && (
            <DateTimeInput
              label={`Ticket ${n} on sale`}
              value={draft.ticketOnSaleTime}
              timeZone={timeZone}
              onChange={(iso) => set('ticketOnSaleTime', iso)}
            />
          )}
        </Stack>
        <PromoCodesPicker
          partnerId={partnerId}
          value={draft.attachedPromoCodes}
          onChange={(v) => set('attachedPromoCodes', v)}
        />
        <Group>
          {design && <Image src={design.image} alt={`Ticket ${n} design`} h={56} w={56} fit="contain" radius="sm" />}
          <Button variant="light" onClick={() => setLibrary(true)}>
            {design ? 'Change design' : 'Choose a design'}
          </Button>
        </Group>
        {errors.templateId && (
          <Alert color="red" role="alert">
            {errors.templateId}
          </Alert>
        )}
      </Stack>
      {library && (
        <TicketLibraryModal
          partnerId={partnerId}
          selected={draft.templateId}
          onClose={() => setLibrary(false)}
          onPick={(id, name) => {
            onChange({ ...draft, templateId: id, ticketFileName: name });
            setLibrary(false);
          }}
        />
      )}
    </Card>
  );
}
