import { Alert, Avatar, Button, Group, PasswordInput, Stack, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { useQuery } from '@tanstack/react-query';
import { useNavigate, useSearchParams } from 'react-router';
import { clearSession, useSession } from '../../../lib/session.ts';
import { activateUser, useSetPassword } from '../api/accept-invitation.ts';
import { AuthCard } from '../components/auth-card.tsx';
import { choosePasswordFormSchema } from '@portal/contract';
import { serverFieldErrors, showServerFieldErrors, validateWith } from '../../../lib/form-schema.ts';

/** Logos come from this portal's own files or an https address; anything else is not shown. */
const safeImage = (src: string | null) =>
  src && (src.startsWith('/api/files/') || src.startsWith('https://')) ? src : null;

/** The invitation landing page: the invitee chooses a password and creates their account. */
export function MemberLoginPage() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const session = useSession();
  const userId = Number(params.get('user_id'));
  const signedInAsInvitee = Boolean(session.accessToken) && session.userId === userId && session.uid !== null;
  const activation = useQuery({
    queryKey: ['invitation', 'activate', userId],
    queryFn: () => activateUser(userId, session.uid!),
    enabled: signedInAsInvitee,
    retry: false,
    staleTime: Infinity,
  });
  const setPassword = useSetPassword();
  const form = useForm({
    initialValues: { password: '', repeat: '' },
    validate: validateWith(choosePasswordFormSchema),
  });

  const createAccount = form.onSubmit(({ password }) =>
    setPassword.mutate(password, {
      onSuccess: () => {
        clearSession();
        notifications.show({ color: 'green', message: 'Your account is ready. Log in with your new password.' });
        void navigate('/login', { replace: true });
      },
      // A password the server refuses (too common, say) is shown under the field.
      onError: (err) => showServerFieldErrors(form, err),
    }),
  );

  const partnerName = params.get('partner_name') ?? 'the organization';
  const error = !signedInAsInvitee
    ? 'Open the invitation link from your e-mail to continue.'
    : (activation.error?.message ??
      (serverFieldErrors(setPassword.error).password ? undefined : setPassword.error?.message));

  return (
    <AuthCard title="Create your account">
      <form onSubmit={createAccount} noValidate>
        <Stack>
          <Group wrap="nowrap">
            <Avatar src={safeImage(params.get('partner_logo'))} alt="" size={48} radius="sm">
              {partnerName.slice(0, 2).toUpperCase()}
            </Avatar>
            <Text>
              <b>{params.get('invited_by') ?? 'A colleague'}</b> invited you to join <b>{partnerName}</b>.
            </Text>
          </Group>
          {error && (
            <Alert color="red" role="alert">
              {error}
            </Alert>
          )}
          <TextInput label="Email" value={params.get('email') ?? ''} readOnly />
          <PasswordInput label="Password" autoComplete="new-password" required {...form.getInputProps('password')} />
          <PasswordInput
            label="Confirm password"
            autoComplete="new-password"
            required
            {...form.getInputProps('repeat')}
          />
          <Button type="submit" loading={setPassword.isPending} disabled={!signedInAsInvitee || !activation.isSuccess}>
            Create Account
          </Button>
        </Stack>
      </form>
    </AuthCard>
  );
}
