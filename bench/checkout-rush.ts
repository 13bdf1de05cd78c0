import { execFile, execFileSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { buildApp } from '../apps/api/src/app.ts';
import { loadConfig } from '../apps/api/src/config.ts';
import { queryRows } from '../apps/api/src/db/client.ts';
import { ensureRoles } from '../apps/api/src/db/seed/demo.ts';
import { eventDays, events, partners, templates, ticketTypes } from '../apps/api/src/db/schema/index.ts';
import { freshPostgres } from './lib.ts';

type Rush = { connections: number; seconds?: number; amount: number; requests?: number };

/**
 * The checkout under load on PostgreSQL: many buyers at once on one ticket type of one event, through
 * the real HTTP server. Answers throughput, latency and whether exactly the stock was sold.
 */
export async function checkoutRush({ connections, seconds, amount, requests }: Rush) {
  const target = await freshPostgres();
  const { db } = target.database;
  await ensureRoles(db);
  const [partner] = await db.insert(partners).values({ name: 'Rush Arena' }).returning();
  const [event] = await db
    .insert(events)
    .values({
      partnerId: partner!.id,
      name: 'Rush',
      venue: 'Arena',
      eventType: 'concert',
      timeZone: 'UTC',
      activeOnWidget: true,
    })
    .returning();
  const [day] = await db
    .insert(eventDays)
    .values({
      eventId: event!.id,
      startDate: new Date(Date.now() + 30 * 86_400_000),
      endDate: new Date(Date.now() + 30 * 86_400_000 + 3_600_000),
    })
    .returning();
  const [design] = await db.insert(templates).values({ partnerId: partner!.id, image: '' }).returning();
  const [type] = await db
    .insert(ticketTypes)
    .values({ eventId: event!.id, name: 'GA', initialPriceCents: 4500, amount, templateId: design!.id })
    .returning();

  const config = {
    ...loadConfig({
      NODE_ENV: 'production',
      DATA_DIR: mkdtempSync(path.join(tmpdir(), 'rush-')),
      TOKEN_SECRET: 'x'.repeat(40),
      DATABASE_URL: 'postgres://unused@localhost/x',
    }),
    databaseUrl: undefined,
    logLevel: 'silent' as const,
  };
  const app = await buildApp({ config, database: target.database });
  await app.listen({ host: '127.0.0.1', port: 0 });
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : 0;

  const body = JSON.stringify({
    partner_id: partner!.id,
    event_id: event!.id,
    event_day_id: day!.id,
    items: [{ ticket_type_id: type!.id, quantity: 1 }],
    buyer: { email: 'rush-{n}@fans.test', full_name: 'Fan {n}' },
    payment_method: '4242424242424242',
  });
  const options = { url: `http://127.0.0.1:${port}/api/public/checkout`, connections, seconds, requests, body };
  const result = JSON.parse(
    await new Promise<string>((resolve, reject) =>
      execFile(
        process.execPath,
        ['--import', 'tsx', path.join(import.meta.dirname, 'load-worker.ts'), JSON.stringify(options)],
        { maxBuffer: 64 * 1024 * 1024 },
        (err, stdout) => (err ? reject(err) : resolve(stdout)),
      ),
    ),
  ) as {
    '2xx': number;
    non2xx: number;
    errors: number;
    requests: { average: number };
    latency: { p50: number; p99: number };
  };
  await app.close();
  // One snapshot: the counter and the tickets must agree, whatever was still committing.
  const [after] = await queryRows<{ sold: number; tickets: number }>(
    db,
    sql`select (select sold from ticket_types where id = ${type!.id}) as sold,
      (select count(*)::int from tickets where ticket_type_id = ${type!.id}) as tickets`,
  );
  await target.drop();
  return {
    sold: after!.sold,
    tickets: after!.tickets,
    ok: result['2xx'],
    refused: result.non2xx,
    errors: result.errors,
    perSecond: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    oversold: Math.max(0, after!.tickets - amount),
  };
}

/** The ceiling: pgbench running one conditional UPDATE on one hot row with as many clients as the API's pool. */
export async function hotRowCeiling(clients = 20, seconds = 10) {
  const target = await freshPostgres();
  await target.database.db.execute(sql`create table hot (id int primary key, n int not null)`);
  await target.database.db.execute(sql`insert into hot values (1, 0)`);
  const url = new URL(process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres');
  const name = (await queryRows<{ db: string }>(target.database.db, sql`select current_database() as db`))[0]!.db;
  const script = path.join(mkdtempSync(path.join(tmpdir(), 'pgbench-')), 'hot.sql');
  writeFileSync(script, 'update hot set n = n + 1 where id = 1 and n + 1 <= 2000000000;\n');
  const out = execFileSync(
    'pgbench',
    [
      '-n',
      '-h',
      url.hostname,
      '-p',
      url.port || '5432',
      '-U',
      url.username || 'postgres',
      '-c',
      String(clients),
      '-j',
      '2',
      '-T',
      String(seconds),
      '-f',
      script,
      name,
    ],
    { encoding: 'utf8' },
  );
  await target.drop();
  const tps = /tps = ([\d.]+)/.exec(out)?.[1];
  return { clients, tps: tps ? Number(tps) : NaN };
}
