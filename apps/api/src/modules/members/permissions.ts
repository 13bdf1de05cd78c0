// Every permission a role can grant; routes name the one they need. Defined in the contract, which
// every endpoint's definition reads.
export { permissionValues, type Permission } from '@portal/contract';
