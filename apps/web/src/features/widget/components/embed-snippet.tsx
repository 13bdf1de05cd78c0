import { Button, Code, CopyButton, Group, Stack, Text } from '@mantine/core';
import { widgetSnippets } from '@portal/contract';

/** The code a partner pastes into their site, ready to copy. */
export function EmbedSnippet({ partnerId }: { partnerId: number }) {
  const snippets = widgetSnippets(window.location.origin, partnerId);
  const block = (label: string, help: string, code: string) => (
    <Stack gap={4}>
      <Group justify="space-between">
        <Text fw={600} size="sm">
          {label}
        </Text>
        <CopyButton value={code}>
          {({ copied, copy }) => (
            <Button
              size="xs"
              variant={copied ? 'filled' : 'light'}
              onClick={copy}
              aria-label={`Copy the ${label.toLowerCase()}`}
            >
              {copied ? 'Copied' : 'Copy'}
            </Button>
          )}
        </CopyButton>
      </Group>
      <Text size="xs" c="dimmed">
        {help}
      </Text>
      <Code block aria-label={label}>
        {code}
      </Code>
    </Stack>
  );
  return (
    <Stack>
      {block('Script snippet', 'Paste it where the widget should appear.', snippets.script)}
      {block('Iframe snippet', 'For sites that do not allow outside scripts.', snippets.iframe)}
    </Stack>
  );
}
