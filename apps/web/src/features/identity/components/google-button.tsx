import { Button } from '@mantine/core';
import { useProviders } from '../api/providers.ts';

export function GoogleButton() {
  const providers = useProviders();
  if (providers.data?.google) {
    return (
      <Button component="a" href="/api/identity/google/start" variant="default" fullWidth>
        Continue with Google
      </Button>
    );
  }
  return (
    <Button variant="default" fullWidth disabled>
      {providers.isPending ? 'Continue with Google' : 'Sign-in with Google is not configured'}
    </Button>
  );
}
