import { Alert } from '@mantine/core';

/** Why the last try failed, in plain words (under `title` where given); nothing while it has not failed. */
export function FailureAlert({ error, title }: { error: Error | null; title?: string }) {
  return error ? (
    <Alert color="red" title={title}>
      {error.message}
    </Alert>
  ) : null;
}
