import { Button, Group, Stack, Text } from '@mantine/core';
import { FailureAlert } from '../../../components/failure-alert.tsx';
import { messages, type WidgetUpdate } from '@portal/contract';
import { useState } from 'react';
import { PageTitle } from '../../../components/page-title.tsx';
import { SavedModal } from '../../../components/saved-modal.tsx';
import { SectionCard } from '../../../components/section-card.tsx';
import { notifyNotSaved } from '../../../lib/notify.ts';
import { usePartnerId } from '../../../lib/session.ts';
import { usePublicWidget, useUpdateWidget, useWidget } from '../api/widget.ts';
import { BrandColours } from '../components/brand-colours.tsx';
import { BrandFonts } from '../components/brand-fonts.tsx';
import { EmbedSnippet } from '../components/embed-snippet.tsx';
import { PreviewModal } from '../components/preview-modal.tsx';
import { WebsiteAddress } from '../components/website-address.tsx';
import { WidgetEvents } from '../components/widget-events.tsx';
import { Loading } from '../../../components/query-boundary.tsx';

/** Spec: modals reopen 300 ms after closing. */
const REOPEN_MS = 300;

export function WidgetCustomizationPage() {
  const partnerId = usePartnerId();
  const widget = useWidget(partnerId);
  const update = useUpdateWidget(partnerId);
  // The widget's own public call names the organisation as the widget shows it.
  const pub = usePublicWidget(partnerId);
  const [saved, setSaved] = useState(false);
  const [previewing, setPreviewing] = useState(false);

  const confirm = () => setTimeout(() => setSaved(true), REOPEN_MS);
  const save = (patch: WidgetUpdate, done?: () => void) =>
    update.mutate(patch, {
      onSuccess: () => {
        done?.();
        confirm();
      },
      onError: (error) => notifyNotSaved(error),
    });

  if (widget.isPending) return <Loading label="Loading the widget settings" />;
  if (widget.isError) return <FailureAlert error={widget.error} />;
  const settings = widget.data;

  return (
    <Stack gap="lg" maw={1100}>
      <Group justify="space-between" align="flex-end">
        <Stack gap={4}>
          <PageTitle>Widget Customization</PageTitle>
          <Text c="dimmed">
            The widget is where your fans view, buy and sell tickets for your events, right on your website.
          </Text>
        </Stack>
        <Button variant="light" onClick={() => setPreviewing(true)}>
          Preview widget
        </Button>
      </Group>
      <SectionCard title="Branding">
        <Stack gap="lg">
          <WebsiteAddress
            key={settings.website_url}
            value={settings.website_url}
            save={save}
            saving={update.isPending}
          />
          <BrandColours settings={settings} save={save} saving={update.isPending} />
          <BrandFonts partnerId={partnerId} settings={settings} save={save} onUploaded={confirm} />
          <WidgetEvents partnerId={partnerId} onSaved={confirm} />
        </Stack>
      </SectionCard>
      <SectionCard title="Add the widget to your site">
        <EmbedSnippet partnerId={partnerId} />
      </SectionCard>
      {previewing && (
        <PreviewModal
          settings={settings}
          partnerName={pub.data?.partner_name ?? ''}
          onClose={() => setPreviewing(false)}
        />
      )}
      {saved && <SavedModal extra={messages.widgetLive} onClose={() => setSaved(false)} />}
    </Stack>
  );
}
