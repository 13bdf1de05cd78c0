import { Alert, Button, Center, Loader, PasswordInput, Stack, Text } from '@mantine/core';
import { useForm } from '@mantine/form';
import { choosePasswordFormSchema, messages } from '@portal/contract';
import { Link, useSearchParams } from 'react-router';
import { useConfirmPasswordReset, useResetCode } from '../api/reset-password.ts';
import { AuthCard, AuthFormActions, AuthNotice } from '../components/auth-card.tsx';
import { serverFieldErrors, showServerFieldErrors, validateWith } from '../../../lib/form-schema.ts';

export function ResetPasswordPage() {
  const [params] = useSearchParams();
  const oobCode = params.get('oobCode') ?? '';
  const code = useResetCode(oobCode);
  const reset = useConfirmPasswordReset();
  const form = useForm({
    initialValues: { password: '', repeat: '' },
    validate: validateWith(choosePasswordFormSchema),
  });

  // A password the server refuses (too common, say) is shown under the field; anything else as the
  // spec's Request failed.
  const submit = form.onSubmit(({ password }) =>
    reset.mutate({ oobCode, password }, { onError: (error) => showServerFieldErrors(form, error) }),
  );

  if (reset.isSuccess) {
    return (
      <AuthNotice
        title="Password changed"
        text="Your password has been reset. Log in with the new one."
        button="Log In"
      />
    );
  }

  return (
    <AuthCard title="Reset password">
      {code.isPending && (
        <Center py="md">
          <Loader aria-label="Checking the link" />
        </Center>
      )}
      {code.isError && (
        <Stack>
          <Alert color="red" role="alert">
            {code.error.message}
          </Alert>
          <Button component={Link} to="/forgot-password" variant="default">
            Ask for a new link
          </Button>
        </Stack>
      )}
      {code.isSuccess && (
        <form onSubmit={submit} noValidate>
          <Stack>
            <Text size="sm" c="dimmed">
              Choose a new password for {code.data.email}.
            </Text>
            {reset.isError && !serverFieldErrors(reset.error).password && (
              <Alert color="red" role="alert">
                {messages.requestFailed}
              </Alert>
            )}
            <PasswordInput
              label="New password"
              autoComplete="new-password"
              required
              {...form.getInputProps('password')}
            />
            <PasswordInput
              label="Repeat new password"
              autoComplete="new-password"
              required
              {...form.getInputProps('repeat')}
            />
            <AuthFormActions submit="Reset password" loading={reset.isPending} />
          </Stack>
        </form>
      )}
    </AuthCard>
  );
}
