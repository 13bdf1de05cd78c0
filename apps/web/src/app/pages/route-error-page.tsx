import { Button, Stack, Text, Title } from '@mantine/core';
import { isRouteErrorResponse, Link, useRouteError } from 'react-router';
import { NotFound } from '../../components/not-found.tsx';

/** What a page shows when its address leads nowhere, or when it failed to load. */
export function RouteErrorPage() {
  const error = useRouteError();
  if (isRouteErrorResponse(error) && error.status === 404) return <NotFound />;
  return (
    <Stack align="center" py="xl" gap="sm" ta="center">
      <Title order={1} size="h2">
        This page could not be shown
      </Title>
      <Text c="dimmed" maw={480}>
        Something went wrong while loading this page. Reloading it may help.
      </Text>
      <Button component={Link} to="/event-list" mt="sm">
        Back to My Events
      </Button>
    </Stack>
  );
}
