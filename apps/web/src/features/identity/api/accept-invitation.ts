import { useMutation } from '@tanstack/react-query';
import type { User } from '@portal/contract';
import { api } from '../../../lib/http.ts';

/** On opening the invite page: the invitee's account is marked active (spec: PUT /users/{user_id}). */
export const activateUser = (userId: number, uid: string) =>
  api<User>(`/users/${userId}`, { method: 'PUT', body: { status: true, firebase_id: uid } });

/** Create Account: the invitee's own password. */
export const setPassword = (password: string) =>
  api<{ reset: true }>('/identity/password', { method: 'POST', body: { password } });

export const useSetPassword = () => useMutation({ mutationFn: setPassword });
