import { afterAll, beforeAll } from 'vitest';
import type { Config } from '../src/config.ts';
import type { partners } from '../src/db/schema/index.ts';
import { buildTestApp, type TestHarness } from './helper.ts';
import { createEventOnSale, signedInOrganisation, type TicketTypeValues } from './seeders.ts';

/*
 * What a describe block builds once for its tests. Each of these registers a beforeAll where it is called
 * and answers an object that hook fills in: the block's tests, and its beforeAll hooks registered later,
 * find it ready (vitest runs a block's beforeAll hooks one after the other, in the order registered).
 */

function filledBeforeAll<T extends object>(make: () => Promise<T>): T {
  const holder = {} as T;
  beforeAll(async () => {
    Object.assign(holder, await make());
  });
  return holder;
}

/** The whole server on a fresh database (see buildTestApp), closed after the block. */
export function suiteApp(overrides: Partial<Config> = {}): TestHarness {
  const t = filledBeforeAll(() => buildTestApp(overrides));
  afterAll(() => t.close());
  return t;
}

/** A partner whose admin has signed in for it (see signedInOrganisation). */
export function suiteOrganisation(t: TestHarness, partnerValues: Partial<typeof partners.$inferInsert> = {}) {
  return filledBeforeAll(() => signedInOrganisation(t.app, t.db, partnerValues));
}

/** An event of the organisation on sale (see createEventOnSale). */
export function suiteEventOnSale(
  t: TestHarness,
  org: { partnerId: number },
  types: TicketTypeValues[],
  opts: { name?: string; start?: string } = {},
) {
  return filledBeforeAll(() => createEventOnSale(t.db, org.partnerId, types, opts));
}

/** The whole server, an organisation and its event on sale (see suiteApp, suiteOrganisation, suiteEventOnSale). */
export function suiteOnSale(types: TicketTypeValues[], opts: { name?: string; start?: string } = {}) {
  const t = suiteApp();
  const org = suiteOrganisation(t);
  return { t, org, sale: suiteEventOnSale(t, org, types, opts) };
}
