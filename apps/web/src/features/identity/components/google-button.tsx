import { Button, Stack, Text } from '@mantine/core';
import { useId } from 'react';
import { useProviders } from '../api/providers.ts';

/** The spec's 'Continue with Google'; where this portal has no Google sign-in, disabled with the reason. */
export function GoogleButton() {
  const providers = useProviders();
  const reasonId = useId();
  if (providers.data?.google) {
    return (
      <Button component="a" href="/api/identity/google/start" variant="default" fullWidth>
        Continue with Google
      </Button>
    );
  }
  const unavailable = !providers.isPending;
  return (
    <Stack gap={4}>
      <Button variant="default" fullWidth disabled aria-describedby={unavailable ? reasonId : undefined}>
        Continue with Google
      </Button>
      {unavailable && (
        <Text id={reasonId} size="sm" c="dimmed" ta="center">
          Google sign-in is not set up for this portal. Sign in with your e-mail instead.
        </Text>
      )}
    </Stack>
  );
}
