import { buildApp, LISTEN_BACKLOG } from './app.ts';
import { ConfigError, loadConfig } from './config.ts';
import { openDatabase } from './db/client.ts';
import { forgetOldAttempts } from './modules/checkout/index.ts';
import { demoLogin, demoStaffLogin, ensureRoles, seedDemoIfEmpty } from './db/seed/demo.ts';

async function main() {
  const config = loadConfig();
  const database = await openDatabase(config.databaseUrl ? { url: config.databaseUrl } : { dataDir: config.dataDir });
  const app = await buildApp({
    config,
    database,
    logger: { level: config.logLevel },
  });

  await ensureRoles(database.db);
  const imported = await app.storage.importOldFiles();
  if (imported > 0) app.log.info(`moved ${imported} uploaded files from ${config.dataDir}/files into the storage`);
  const seeded = config.seedDemo ? await seedDemoIfEmpty(database.db, app.storage) : false;

  // Tickets whose mint failed, or that were written without one, are minted again in the background
  // (and their transfers and burns put on the chain), and mail whose sending failed is tried again when due:
  // at start, for what the last run or the demo data left, then every 15 s.
  const catchUp = () => {
    void app.mint().catch((err: unknown) => app.log.warn({ err }, 'putting tickets on the chain failed'));
    void app.sendQueuedMail().catch((err: unknown) => app.log.warn({ err }, 'sending queued mail failed'));
  };
  catchUp();
  const minting = setInterval(catchUp, 15_000);
  minting.unref();
  const forgetting = setInterval(
    () =>
      void forgetOldAttempts(database.db).catch((err: unknown) =>
        app.log.warn({ err }, 'forgetting old purchase keys failed'),
      ),
    60 * 60_000,
  );
  forgetting.unref();

  const shutdown = async (signal: string) => {
    app.log.info({ signal }, 'shutting down');
    clearInterval(minting);
    clearInterval(forgetting);
    await app.close();
    await database.close();
    process.exit(0);
  };
  process.once('SIGINT', () => void shutdown('SIGINT'));
  process.once('SIGTERM', () => void shutdown('SIGTERM'));

  const address = await app.listen({ host: config.host, port: config.port, backlog: LISTEN_BACKLOG });

  const where = database.kind === 'pglite' ? `embedded database in ${config.dataDir}` : 'PostgreSQL';
  console.log(`\nPartner portal: ${config.publicUrl}  (${where}${seeded ? ', demo data created' : ''})`);
  if (config.seedDemo) {
    console.log(`Demo login:     ${demoLogin.email} / ${demoLogin.password}  (admin)`);
    console.log(`                ${demoStaffLogin.email} / ${demoStaffLogin.password}  (box office)`);
  }
  console.log(`API docs:       ${config.publicUrl}/api/docs`);
  // With PORT=0 the system picks the port: this line is the only place that says which one.
  console.log(`Listening on:   ${address}\n`);
}

main().catch((err: unknown) => {
  console.error(err instanceof ConfigError ? err.message : err);
  process.exit(1);
});
