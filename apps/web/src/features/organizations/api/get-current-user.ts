import { queryOptions, useQuery } from '@tanstack/react-query';
import type { User } from '@portal/contract';
import { api } from '../../../lib/http.ts';
import { getSession } from '../../../lib/session.ts';

/** GET /users answers a list; the current user is the one with the stored userId. */
export async function getCurrentUser(): Promise<User | null> {
  const users = await api<User[]>('/users');
  return users.find((u) => u.ID === getSession().userId) ?? null;
}

export const currentUserQueryOptions = () => queryOptions({ queryKey: ['users', 'me'], queryFn: getCurrentUser });

export const useCurrentUser = () => useQuery(currentUserQueryOptions());
