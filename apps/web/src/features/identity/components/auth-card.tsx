import { Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { Link } from 'react-router';

/** The frame every signed-out screen shares: a centred card with its heading. */
export function AuthCard({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Paper withBorder shadow="sm" p="xl" radius="md" maw={440} mx="auto" mt="xl">
      <Title order={1} size="h2" mb="lg">
        {title}
      </Title>
      {children}
    </Paper>
  );
}

/** A signed-out screen that says what happened, with one button on to the login. */
export function AuthNotice({ title, text, button }: { title: string; text: ReactNode; button: string }) {
  return (
    <AuthCard title={title}>
      <Stack>
        <Text>{text}</Text>
        <Button component={Link} to="/login" fullWidth>
          {button}
        </Button>
      </Stack>
    </AuthCard>
  );
}

/** A signed-out form's buttons: Cancel back to the login, and the form's own submit. */
export function AuthFormActions({ submit, loading }: { submit: string; loading: boolean }) {
  return (
    <Group justify="flex-end">
      <Button component={Link} to="/login" variant="default">
        Cancel
      </Button>
      <Button type="submit" loading={loading}>
        {submit}
      </Button>
    </Group>
  );
}
