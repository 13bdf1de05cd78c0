import { asc, eq } from 'drizzle-orm';
import type { Role } from '@portal/contract';
import type { Db } from '../../db/client.ts';
import { permissions, rolePermissions, roles } from '../../db/schema/index.ts';

/** Every role with its permissions, Admin first. */
export async function listRoles(db: Db): Promise<Role[]> {
  const rows = await db
    .select({ id: roles.id, name: roles.name, value: roles.value, pid: permissions.id, pvalue: permissions.value })
    .from(roles)
    .leftJoin(rolePermissions, eq(rolePermissions.roleId, roles.id))
    .leftJoin(permissions, eq(permissions.id, rolePermissions.permissionId))
    .orderBy(asc(roles.id), asc(permissions.id));
  const byId = new Map<number, Role>();
  for (const r of rows) {
    const role = byId.get(r.id) ?? { ID: r.id, name: r.name, value: r.value, Permissions: [] };
    if (r.pid !== null && r.pvalue !== null) role.Permissions.push({ ID: r.pid, value: r.pvalue });
    byId.set(r.id, role);
  }
  return [...byId.values()];
}
