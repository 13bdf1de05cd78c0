import { queryOptions, useQuery } from '@tanstack/react-query';
import { userEndpoints, type User } from '@portal/contract';
import { useEffect } from 'react';
import { useNavigate } from 'react-router';
import { call } from '../../../lib/http.ts';
import { clearSession, getSession } from '../../../lib/session.ts';

/** GET /users answers a list; the current user is the one with the stored userId. */
export async function getCurrentUser(): Promise<User | null> {
  const users = await call(userEndpoints.list);
  return users.find((u) => u.ID === getSession().userId) ?? null;
}

export const currentUserQueryOptions = () => queryOptions({ queryKey: ['users', 'me'], queryFn: getCurrentUser });

/** The signed-in user; one without any organisation is logged out and sent to /login (spec, access §4). */
export function useCurrentUser() {
  const user = useQuery(currentUserQueryOptions());
  const navigate = useNavigate();
  const orphan = user.isSuccess && (!user.data || user.data.Partners.length === 0);
  useEffect(() => {
    if (!orphan) return;
    clearSession();
    void navigate('/login', { replace: true });
  }, [orphan, navigate]);
  return user;
}
