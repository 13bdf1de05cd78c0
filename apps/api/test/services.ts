/**
 * The services suites need beyond the embedded database. In CI (`CI` set, as `.ci/run` does) they are
 * always used, so a missing one fails the suite loudly instead of skipping it; elsewhere a suite whose
 * service is absent says it is skipped.
 */
export const inCi = Boolean(process.env.CI);

/** The PostgreSQL server for suites that need one: TEST_DATABASE_URL, or in CI the local one. */
export const postgresAdminUrl =
  process.env.TEST_DATABASE_URL ?? (inCi ? 'postgres://postgres@127.0.0.1:5432/test' : undefined);
