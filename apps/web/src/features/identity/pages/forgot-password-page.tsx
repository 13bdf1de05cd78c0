import { Alert, Stack, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { emailBodySchema, messages } from '@portal/contract';
import { ApiRequestError } from '../../../lib/http.ts';
import { useRequestPasswordReset } from '../api/forgot-password.ts';
import { AuthCard, AuthFormActions, AuthNotice } from '../components/auth-card.tsx';
import { validateWith } from '../../../lib/form-schema.ts';

export function ForgotPasswordPage() {
  const request = useRequestPasswordReset();
  const form = useForm({ initialValues: { email: '' }, validate: validateWith(emailBodySchema) });

  if (request.isSuccess) {
    return (
      <AuthNotice
        title="Check your email"
        text={`If an account uses ${form.values.email.trim()}, we have sent it a link to reset the password. The link works for one hour.`}
        button="Okay"
      />
    );
  }

  return (
    <AuthCard title="Forgot password">
      <form onSubmit={form.onSubmit(({ email }) => request.mutate(email.trim()))} noValidate>
        <Stack>
          <Text size="sm" c="dimmed">
            Enter the e-mail address of your account and we will send you a link to choose a new password.
          </Text>
          {request.isError && (
            <Alert color="red" role="alert">
              {request.error instanceof ApiRequestError && request.error.status === 429
                ? request.error.message
                : messages.requestFailed}
            </Alert>
          )}
          <TextInput label="Email" type="email" autoComplete="email" required {...form.getInputProps('email')} />
          <AuthFormActions submit="Send email" loading={request.isPending} />
        </Stack>
      </form>
    </AuthCard>
  );
}
