import { Anchor, Box, Group, Modal } from '@mantine/core';
import { webFontStylesheet, type PublicWidget, type WidgetSettings } from '@portal/contract';
import { mountWidget, sampleSource } from '@portal/widget';
import { useEffect, useRef, useState } from 'react';

type Props = { settings: WidgetSettings; partnerName: string; onClose: () => void };

/** The settings as the widget will draw them, uploaded fonts included; its data comes from the shared settings. */
export function toPublicWidget(settings: WidgetSettings, partnerName: string): PublicWidget {
  const chosen = [...new Set([settings.title_brand_font, settings.text_brand_font].filter(Boolean))];
  const uploaded = settings.fonts.filter((f) => chosen.includes(f.family));
  return {
    partner_name: partnerName,
    primary_brand_color: settings.primary_brand_color,
    secondary_brand_color: settings.secondary_brand_color,
    title_brand_color: settings.title_brand_color,
    text_brand_color: settings.text_brand_color,
    title_brand_font: settings.title_brand_font,
    text_brand_font: settings.text_brand_font,
    font_stylesheets: chosen
      .filter((f) => !uploaded.some((u) => u.family === f))
      .flatMap((f) => webFontStylesheet(f) ?? []),
    font_faces: uploaded.map((f) => ({ family: f.family, url: new URL(f.url, window.location.origin).href })),
    payments: { provider: 'test' },
  };
}

/** 'PREVIEW WIDGET': the real widget's code, drawn with sample data only (spec back-office §2). */
export function PreviewModal({ settings, partnerName, onClose }: Props) {
  // The modal's content mounts after the modal itself (it is portalled): the widget follows its host.
  const [host, setHost] = useState<HTMLDivElement | null>(null);
  const widget = useRef<ReturnType<typeof mountWidget> | null>(null);
  const look = toPublicWidget(settings, partnerName);

  useEffect(() => {
    if (!host) return;
    const mounted = mountWidget(host, sampleSource(), look);
    widget.current = mounted;
    return () => mounted.destroy();
    // Mounted once per host; later changes only restyle it (next effect).
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [host]);
  const key = JSON.stringify(look);
  useEffect(() => widget.current?.theme(JSON.parse(key) as PublicWidget), [key]);

  return (
    <Modal opened onClose={onClose} title="PREVIEW WIDGET" size="xl" centered>
      <Box ref={setHost} data-testid="widget-preview" data-ppw-key="preview" />
      <Group justify="center" mt="md">
        <Anchor component="button" type="button" onClick={onClose}>
          Close preview
        </Anchor>
      </Group>
    </Modal>
  );
}
