import { useMutation } from '@tanstack/react-query';
import { identityEndpoints, userEndpoints } from '@portal/contract';
import { call } from '../../../lib/http.ts';

/** On opening the invite page: the invitee's account is marked active (spec: PUT /users/{user_id}). */
export const activateUser = (userId: number, uid: string) =>
  call(userEndpoints.update, { params: { id: userId }, body: { status: true, firebase_id: uid } });

/** Create Account: the invitee's own password. */
export const setPassword = (password: string) => call(identityEndpoints.setPassword, { body: { password } });

export const useSetPassword = () => useMutation({ mutationFn: setPassword });
