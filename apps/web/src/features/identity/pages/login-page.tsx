import { Alert, Anchor, Button, Divider, Group, PasswordInput, Stack, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { messages, signInBodySchema } from '@portal/contract';
import { Link, Navigate, useNavigate, useSearchParams } from 'react-router';
import { ApiRequestError } from '../../../lib/http.ts';
import { useSession } from '../../../lib/session.ts';
import { useSignIn } from '../api/sign-in.ts';
import { AuthCard } from '../components/auth-card.tsx';
import { GoogleButton } from '../components/google-button.tsx';
import { validateWith } from '../../../lib/form-schema.ts';

export function LoginPage() {
  const session = useSession();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const signIn = useSignIn();
  const form = useForm({
    initialValues: { email: '', password: '' },
    validate: validateWith(signInBodySchema),
  });

  if (session.accessToken) return <Navigate to="/event-list" replace />;

  // A Google sign-in that failed comes back here with the provider's own message.
  const providerError = params.get('error');
  const failure = signIn.isError
    ? signIn.error instanceof ApiRequestError && signIn.error.status !== 401
      ? signIn.error.message
      : messages.loginFailed
    : providerError;

  return (
    <AuthCard title="Log in">
      <form
        onSubmit={form.onSubmit((values) => signIn.mutate(values, { onSuccess: () => void navigate('/organization') }))}
        noValidate
      >
        <Stack>
          {failure && (
            <Alert color="red" role="alert">
              {failure}
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
          <GoogleButton />
        </Stack>
      </form>
    </AuthCard>
  );
}
