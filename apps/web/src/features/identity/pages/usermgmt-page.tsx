import { Alert, Button, Stack } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { Link, Navigate, useNavigate, useSearchParams } from 'react-router';
import { updateSession } from '../../../lib/session.ts';
import { signInWithCode } from '../api/sign-in-with-code.ts';
import { AuthCard } from '../components/auth-card.tsx';
import { Loading } from '../../../components/query-boundary.tsx';

/** Where a link may continue to: a path of this portal only, never another site. */
function continueTarget(continueUrl: string | null): { path: string; params: URLSearchParams } {
  if (!continueUrl) return { path: '/event-list', params: new URLSearchParams() };
  try {
    const url = new URL(continueUrl, window.location.origin);
    if (url.origin !== window.location.origin) return { path: '/event-list', params: new URLSearchParams() };
    return { path: url.pathname, params: url.searchParams };
  } catch {
    return { path: '/event-list', params: new URLSearchParams() };
  }
}

/** The dispatcher for e-mailed links (and the end of a Google sign-in). */
export function UsermgmtPage() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const mode = params.get('mode');
  const oobCode = params.get('oobCode') ?? '';
  const signsIn = mode === 'signIn' || mode === 'google';
  // A query, not an effect: the code is used once even when React mounts the page twice.
  const signIn = useQuery({
    queryKey: ['usermgmt', oobCode],
    queryFn: () => signInWithCode(oobCode),
    enabled: signsIn && oobCode !== '',
    retry: false,
    staleTime: Infinity,
  });

  useEffect(() => {
    if (!signIn.isSuccess) return;
    if (mode === 'google') {
      void navigate('/event-list', { replace: true });
      return;
    }
    const target = continueTarget(params.get('continueUrl'));
    if (target.path === '/member-login') {
      const partnerId = Number(target.params.get('partner_id'));
      updateSession({
        partnerId: Number.isInteger(partnerId) && partnerId > 0 ? partnerId : null,
        partnerLogo: target.params.get('partner_logo'),
      });
    }
    void navigate(`${target.path}${target.params.size ? `?${target.params}` : ''}`, { replace: true });
  }, [signIn.isSuccess, mode, params, navigate]);

  if (mode === 'resetPassword') return <Navigate to={`/reset-password?${new URLSearchParams({ oobCode })}`} replace />;

  if (!signsIn || !oobCode || signIn.isError) {
    return (
      <AuthCard title="This link cannot be used">
        <Stack>
          <Alert color="red" role="alert">
            {signIn.error?.message ?? 'The link is incomplete. Open it again from the e-mail.'}
          </Alert>
          <Button component={Link} to="/login">
            Go to log in
          </Button>
        </Stack>
      </AuthCard>
    );
  }
  return <Loading label="Signing you in" />;
}
