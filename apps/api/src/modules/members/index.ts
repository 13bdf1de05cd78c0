// What the rest of the API uses of this module; the other files are its own (lint: boundaries/api-modules).
export { permissionValues, type Permission } from './permissions.ts';
export { listRoles } from './roles.ts';
export { membersRoutes } from './routes.ts';
