import { useQuery } from '@tanstack/react-query';
import { memberEndpoints as endpoints } from '@portal/contract';
import { call } from '../lib/http.ts';
import { useSession } from '../lib/session.ts';

/**
 * What the signed-in member's roles allow in the chosen organisation: their membership names the
 * roles, the role list names each role's permissions. The same calls and keys as the team screen's,
 * so either screen fills the other's cache. Hiding a control is a courtesy: the API refuses anyway.
 */
export function useMemberPermissions(): ReadonlySet<string> | undefined {
  const { partnerId, userId } = useSession();
  const member = useQuery({
    queryKey: ['members', partnerId, 'user', userId],
    queryFn: async () =>
      (await call(endpoints.list, { query: { partner_id: partnerId!, user_id: userId! } }))[0] ?? null,
    enabled: partnerId !== null && userId !== null,
  });
  const roles = useQuery({ queryKey: ['roles'], queryFn: () => call(endpoints.roles), staleTime: 5 * 60_000 });
  if (member.data === undefined || roles.data === undefined) return undefined;
  const mine = new Set(member.data?.Roles.map((r) => r.ID));
  return new Set(roles.data.filter((r) => mine.has(r.ID)).flatMap((r) => r.Permissions.map((p) => p.value)));
}

/** Whether the member may do what `permission` names; false until their roles are known. */
export const useCan = (permission: string) => useMemberPermissions()?.has(permission) ?? false;
