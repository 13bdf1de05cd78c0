import { queryOptions, useMutation, useQuery } from '@tanstack/react-query';
import { identityEndpoints as endpoints, type EndpointInput } from '@portal/contract';
import { call } from '../../../lib/http.ts';

/** Checks the mailed code before asking for a password; answers whose password it resets. */
export const verifyResetCode = (oobCode: string) => call(endpoints.resetCode, { body: { oobCode } });

export const resetCodeQueryOptions = (oobCode: string) =>
  queryOptions({
    queryKey: ['identity', 'reset-code', oobCode],
    queryFn: () => verifyResetCode(oobCode),
    retry: false,
  });

export const useResetCode = (oobCode: string) => useQuery(resetCodeQueryOptions(oobCode));

export const confirmPasswordReset = (body: EndpointInput<typeof endpoints.resetPassword>['body']) =>
  call(endpoints.resetPassword, { body });

export const useConfirmPasswordReset = () => useMutation({ mutationFn: confirmPasswordReset });
