import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { memberEndpoints as endpoints, type InviteBody, type Member } from '@portal/contract';
import { call } from '../../../lib/http.ts';

export const membersQueryOptions = (partnerId: number) =>
  queryOptions({
    queryKey: ['members', partnerId],
    queryFn: () => call(endpoints.list, { query: { partner_id: partnerId } }),
  });
export const useMembers = (partnerId: number) => useQuery(membersQueryOptions(partnerId));

/** The signed-in user's own membership, with its roles (spec: GET /members?partner_id&user_id). */
export const currentMemberQueryOptions = (partnerId: number, userId: number) =>
  queryOptions({
    queryKey: ['members', partnerId, 'user', userId],
    queryFn: async () => (await call(endpoints.list, { query: { partner_id: partnerId, user_id: userId } }))[0] ?? null,
  });
export const useCurrentMember = (partnerId: number, userId: number) =>
  useQuery(currentMemberQueryOptions(partnerId, userId));

/** Spec, access §6: the member is an admin when their first role's value is Admin. */
export const isAdminMember = (member: Member | null | undefined) => member?.Roles[0]?.value === 'Admin';

export const rolesQueryOptions = () =>
  queryOptions({ queryKey: ['roles'], queryFn: () => call(endpoints.roles), staleTime: 5 * 60_000 });
export const useRoles = () => useQuery(rolesQueryOptions());

export function useInviteMember(partnerId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: InviteBody) => call(endpoints.invite, { body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: membersQueryOptions(partnerId).queryKey }),
  });
}

export function useChangeRole(partnerId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ memberId, roleId }: { memberId: number; roleId: number }) =>
      call(endpoints.changeRole, { params: { id: memberId }, query: { roles: true }, body: { roles: [roleId] } }),
    onSuccess: (member) =>
      queryClient.setQueryData(membersQueryOptions(partnerId).queryKey, (list = []) =>
        list.map((m) => (m.MemberID === member.MemberID ? member : m)),
      ),
  });
}

export function useRemoveMember(partnerId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (memberId: number) => call(endpoints.remove, { params: { id: memberId } }),
    onSuccess: ({ member_id }) =>
      queryClient.setQueryData(membersQueryOptions(partnerId).queryKey, (list = []) =>
        list.filter((m) => m.MemberID !== member_id),
      ),
  });
}
