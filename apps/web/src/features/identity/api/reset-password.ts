import { queryOptions, useMutation, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/http.ts';

/** Checks the mailed code before asking for a password; answers whose password it resets. */
export const verifyResetCode = (oobCode: string) =>
  api<{ email: string }>('/identity/reset-code', { method: 'POST', body: { oobCode }, auth: false });

export const resetCodeQueryOptions = (oobCode: string) =>
  queryOptions({
    queryKey: ['identity', 'reset-code', oobCode],
    queryFn: () => verifyResetCode(oobCode),
    retry: false,
  });

export const useResetCode = (oobCode: string) => useQuery(resetCodeQueryOptions(oobCode));

export const confirmPasswordReset = (body: { oobCode: string; password: string }) =>
  api<{ reset: true }>('/identity/reset-password', { method: 'POST', body, auth: false });

export const useConfirmPasswordReset = () => useMutation({ mutationFn: confirmPasswordReset });
