import { beforeAll } from 'vitest';
import { suiteApp } from '../suite.ts';
import { seedTenant, type Tenant } from './tenants.ts';

/**
 * The whole server with a tenant seeded under each name given (see seedTenant), for the tests that
 * follow: the objects answered are filled in before them, and the server closed after them.
 */
export function suiteTenants<const N extends readonly string[]>(...names: N) {
  const t = suiteApp();
  const tenants = names.map(() => ({}) as Tenant) as { [K in keyof N]: Tenant };
  beforeAll(async () => {
    for (const [i, name] of names.entries()) Object.assign(tenants[i]!, await seedTenant(t, name));
  }, 120_000);
  return { t, tenants };
}
