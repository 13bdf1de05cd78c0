import { Anchor, Button, Stack, Text } from '@mantine/core';
import { Link } from 'react-router';
import { ApiRequestError } from '../lib/http.ts';
import { FailureAlert } from './failure-alert.tsx';
import { PageTitle } from './page-title.tsx';

/** An answer of 404: what the address names does not exist, or is not this organization's. */
export const isNotFound = (error: unknown) => error instanceof ApiRequestError && error.status === 404;

/** A whole page that says why it shows nothing, with the way back to My Events. */
export function PageMessage({ title, text }: { title: string; text: string }) {
  return (
    <Stack align="center" py="xl" gap="sm" ta="center">
      <PageTitle>{title}</PageTitle>
      <Text c="dimmed" maw={480}>
        {text}
      </Text>
      <Button component={Link} to="/event-list" mt="sm">
        Back to My Events
      </Button>
    </Stack>
  );
}

/** The page for an address that leads nowhere: a bad id, or one that names nothing of this organization. */
export const NotFound = () => (
  <PageMessage
    title="Page not found"
    text="There is nothing at this address. The link may be mistyped, or what it showed may have been removed."
  />
);

/** A page whose subject could not be read: not found, or the error with the way back to `back`. */
export function ReadFailed({ error, back }: { error: Error; back: { to: string; label: string } }) {
  if (isNotFound(error)) return <NotFound />;
  return (
    <Stack>
      <FailureAlert error={error} />
      <Anchor component={Link} to={back.to}>
        {back.label}
      </Anchor>
    </Stack>
  );
}
