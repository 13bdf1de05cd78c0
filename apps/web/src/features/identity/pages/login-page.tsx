import { Alert, Anchor, Button, Divider, Group, Paper, PasswordInput, Stack, TextInput, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { messages } from '@portal/contract';
import { Link, Navigate, useNavigate } from 'react-router';
import { ApiRequestError } from '../../../lib/http.ts';
import { useSession } from '../../../lib/session.ts';
import { useSignIn } from '../api/sign-in.ts';

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export function LoginPage() {
  const session = useSession();
  const navigate = useNavigate();
  const signIn = useSignIn();
  const form = useForm({
    initialValues: { email: '', password: '' },
    validate: {
      email: (v) => (!v.trim() ? messages.emailRequired : EMAIL.test(v.trim()) ? null : messages.invalidEmail),
      password: (v) => (v ? null : messages.passwordRequired),
    },
  });

  if (session.accessToken) return <Navigate to="/event-list" replace />;

  const submit = form.onSubmit((values) => signIn.mutate(values, { onSuccess: () => void navigate('/organization') }));

  return (
    <Paper withBorder shadow="sm" p="xl" radius="md" maw={420} mx="auto" mt="xl">
      <Title order={1} size="h2" mb="lg">
        Log in
      </Title>
      <form onSubmit={submit} noValidate>
        <Stack>
          {signIn.isError && (
            <Alert color="red" role="alert">
              {signIn.error instanceof ApiRequestError && signIn.error.status !== 401
                ? signIn.error.message
                : messages.loginFailed}
            </Alert>
          )}
          <TextInput label="Email" type="email" autoComplete="email" required {...form.getInputProps('email')} />
          <PasswordInput
            label="Password"
            autoComplete="current-password"
            required
            {...form.getInputProps('password')}
          />
          <Group justify="flex-end">
            <Anchor component={Link} to="/forgot-password" size="sm">
              Forgot password?
            </Anchor>
          </Group>
          <Button type="submit" loading={signIn.isPending} fullWidth>
            Log in
          </Button>
          <Divider label="or" labelPosition="center" />
          <Button variant="default" fullWidth disabled title="Sign-in with Google is not configured on this server.">
            Continue with Google (not configured)
          </Button>
        </Stack>
      </form>
    </Paper>
  );
}
