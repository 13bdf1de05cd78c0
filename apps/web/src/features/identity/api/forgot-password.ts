import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/http.ts';

export const requestPasswordReset = (email: string) =>
  api<{ sent: true }>('/public/users/forgot', { method: 'POST', body: { email }, auth: false });

export const useRequestPasswordReset = () => useMutation({ mutationFn: requestPasswordReset });
