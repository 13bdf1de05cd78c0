import { Button, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import { ApiRequestError } from '../lib/http.ts';

/** An answer of 404: what the address names does not exist, or is not this organization's. */
export const isNotFound = (error: unknown) => error instanceof ApiRequestError && error.status === 404;

/** The page for an address that leads nowhere: a bad id, or one that names nothing of this organization. */
export function NotFound() {
  return (
    <Stack align="center" py="xl" gap="sm" ta="center">
      <Title order={1} size="h2">
        Page not found
      </Title>
      <Text c="dimmed" maw={480}>
        There is nothing at this address. The link may be mistyped, or what it showed may have been removed.
      </Text>
      <Button component={Link} to="/event-list" mt="sm">
        Back to My Events
      </Button>
    </Stack>
  );
}
