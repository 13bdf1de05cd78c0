import { Button, Group, TextInput } from '@mantine/core';
import { websiteUrlSchema, type WidgetUpdate } from '@portal/contract';
import { useState } from 'react';
import { useUnsavedChanges } from '../../../components/unsaved-changes.tsx';

type Props = { value: string; save: (patch: WidgetUpdate) => void; saving: boolean };

/** The partner's website: only pages of its origin may embed the widget. */
export function WebsiteAddress({ value, save, saving }: Props) {
  const [draft, setDraft] = useState(value);
  const parsed = websiteUrlSchema.safeParse(draft.trim());
  const error = parsed.success ? null : (parsed.error.issues[0]?.message ?? 'Check the address');
  useUnsavedChanges(draft.trim() !== value, 'the website address you typed');
  return (
    <form
      onSubmit={(e) => {
        e.preventDefault();
        if (parsed.success) save({ website_url: parsed.data });
      }}
    >
      <Group align="flex-start">
        <TextInput
          label="Website address"
          description="The widget works only on pages of this site."
          placeholder="https://www.example.com"
          value={draft}
          onChange={(e) => setDraft(e.currentTarget.value)}
          error={draft.trim() && error}
          w={{ base: '100%', xs: 380 }}
        />
        <Button
          type="submit"
          mt={{ base: 0, xs: 46 }}
          disabled={!parsed.success || draft.trim() === value}
          loading={saving}
        >
          Save address
        </Button>
      </Group>
    </form>
  );
}
