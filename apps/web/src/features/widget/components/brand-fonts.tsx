import { Button, Group, Select, Stack, Text } from '@mantine/core';
import { webFonts, type WidgetSettings, type WidgetUpdate } from '@portal/contract';
import { useMemo, useState } from 'react';
import { UploadFontModal } from './upload-font-modal.tsx';

type Props = {
  partnerId: number;
  settings: WidgetSettings;
  save: (patch: WidgetUpdate) => void;
  onUploaded: () => void;
};

const listed = Object.keys(webFonts);

/** Title and body fonts from the shipped web-font list or the partner's uploads; title 800, body regular. */
export function BrandFonts({ partnerId, settings, save, onUploaded }: Props) {
  const [uploading, setUploading] = useState(false);
  const data = useMemo(() => {
    const uploaded = settings.fonts.map((f) => f.family);
    return [
      ...(uploaded.length ? [{ group: 'Uploaded', items: uploaded }] : []),
      { group: 'Web fonts', items: listed.filter((f) => !uploaded.includes(f)) },
    ];
  }, [settings.fonts]);
  const picker = (label: string, key: 'title_brand_font' | 'text_brand_font', weight: number) => (
    <Select
      label={label}
      description={weight === 800 ? 'Shown at weight 800' : 'Shown at regular weight'}
      placeholder="Widget default"
      searchable
      clearable
      limit={60}
      nothingFoundMessage="No font of that name"
      data={data}
      value={settings[key] || null}
      onChange={(value) => save({ [key]: value ?? '' })}
      w={{ base: '100%', xs: 260 }}
    />
  );
  return (
    <Stack gap="xs">
      <Text fw={600}>Brand fonts</Text>
      <Group align="flex-end">
        {picker('Title font', 'title_brand_font', 800)}
        {picker('Body font', 'text_brand_font', 400)}
        <Button variant="default" onClick={() => setUploading(true)}>
          Upload font
        </Button>
      </Group>
      {uploading && (
        <UploadFontModal
          partnerId={partnerId}
          onClose={() => setUploading(false)}
          onUploaded={() => {
            setUploading(false);
            onUploaded();
          }}
        />
      )}
    </Stack>
  );
}
