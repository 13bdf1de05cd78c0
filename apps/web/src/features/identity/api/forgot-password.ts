import { useMutation } from '@tanstack/react-query';
import { identityEndpoints as endpoints } from '@portal/contract';
import { call } from '../../../lib/http.ts';

export const requestPasswordReset = (email: string) => call(endpoints.forgotPassword, { body: { email } });

export const useRequestPasswordReset = () => useMutation({ mutationFn: requestPasswordReset });
