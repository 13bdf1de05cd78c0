import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { InviteBody, Member, Role } from '@portal/contract';
import { api } from '../../../lib/http.ts';

export const membersQueryOptions = (partnerId: number) =>
  queryOptions({
    queryKey: ['members', partnerId],
    queryFn: () => api<Member[]>('/members', { query: { partner_id: partnerId } }),
  });
export const useMembers = (partnerId: number) => useQuery(membersQueryOptions(partnerId));

/** The signed-in user's own membership, with its roles (spec: GET /members?partner_id&user_id). */
export const currentMemberQueryOptions = (partnerId: number, userId: number) =>
  queryOptions({
    queryKey: ['members', partnerId, 'user', userId],
    queryFn: async () =>
      (await api<Member[]>('/members', { query: { partner_id: partnerId, user_id: userId } }))[0] ?? null,
  });
export const useCurrentMember = (partnerId: number, userId: number) =>
  useQuery(currentMemberQueryOptions(partnerId, userId));

/** Spec, access §6: the member is an admin when their first role's value is Admin. */
export const isAdminMember = (member: Member | null | undefined) => member?.Roles[0]?.value === 'Admin';

export const rolesQueryOptions = () =>
  queryOptions({ queryKey: ['roles'], queryFn: () => api<Role[]>('/roles'), staleTime: 5 * 60_000 });
export const useRoles = () => useQuery(rolesQueryOptions());

export function useInviteMember(partnerId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: InviteBody) =>
      api<{ member_id: number; partner_id: number }>('/members', { method: 'POST', body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: membersQueryOptions(partnerId).queryKey }),
  });
}

export function useChangeRole(partnerId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ memberId, roleId }: { memberId: number; roleId: number }) =>
      api<Member>(`/members/${memberId}`, { method: 'PATCH', query: { roles: true }, body: { roles: [roleId] } }),
    onSuccess: (member) =>
      queryClient.setQueryData(membersQueryOptions(partnerId).queryKey, (list = []) =>
        list.map((m) => (m.MemberID === member.MemberID ? member : m)),
      ),
  });
}

export function useRemoveMember(partnerId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (memberId: number) => api<{ member_id: number }>(`/members/${memberId}`, { method: 'DELETE' }),
    onSuccess: ({ member_id }) =>
      queryClient.setQueryData(membersQueryOptions(partnerId).queryKey, (list = []) =>
        list.filter((m) => m.MemberID !== member_id),
      ),
  });
}
