import { Alert, List, Text } from '@mantine/core';
import type { WidgetSettings } from '@portal/contract';
import { formatRatio, hardToRead, minTextContrast, textPairs } from '@portal/widget';
import { IconAlertTriangle } from '@tabler/icons-react';

type Colours = Pick<
  WidgetSettings,
  'primary_brand_color' | 'secondary_brand_color' | 'title_brand_color' | 'text_brand_color'
>;

/**
 * Warns, without stopping anyone, when the widget would draw text its visitors may struggle to read:
 * each pair of colours the widget puts together, measured as WCAG 2 does. Nothing when all pass.
 * `quiet` while a colour is being dragged through the picker: a live region would speak at every step.
 */
export function ContrastWarning({ colours, quiet = false }: { colours: Colours; quiet?: boolean }) {
  const poor = hardToRead(textPairs(colours));
  if (poor.length === 0) return null;
  return (
    <Alert
      role={quiet ? 'note' : 'status'}
      color="yellow"
      variant="light"
      icon={<IconAlertTriangle size={18} aria-hidden />}
    >
      {/* No coloured title: yellow on yellow is itself too faint to read. */}
      <Text size="sm" fw={600}>
        Some text in the widget may be hard to read
      </Text>
      <Text size="sm" mb={4}>
        Text needs a contrast of at least {formatRatio(minTextContrast)} with its background (WCAG 2). You can still use
        these colours.
      </Text>
      <List size="sm" spacing={2}>
        {poor.map((p) => (
          <List.Item key={p.what}>
            {p.what} ({p.text} on {p.background}): {formatRatio(p.ratio)}
          </List.Item>
        ))}
      </List>
    </Alert>
  );
}
