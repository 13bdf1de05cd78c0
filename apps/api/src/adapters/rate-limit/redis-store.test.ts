import { randomInt, randomUUID } from 'node:crypto';
import { connect } from 'node:net';
import { afterAll, describe, expect, it } from 'vitest';
import { buildTestApp } from '../../../test/helper.ts';

const REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';

/** Whether Redis answers at all; on a machine without it the shared-limit test cannot run. */
const redisUp = await new Promise<boolean>((resolve) => {
  const { hostname, port } = new URL(REDIS_URL);
  const socket = connect({ host: hostname, port: Number(port || 6379) }, () => {
    socket.end();
    resolve(true);
  });
  socket.on('error', () => resolve(false));
});

describe.skipIf(!redisUp)('rate limits in Redis', () => {
  const apps: Awaited<ReturnType<typeof buildTestApp>>[] = [];
  afterAll(() => Promise.all(apps.map((a) => a.close())));

  it('hold across two API processes sharing one Redis', async () => {
    const one = await buildTestApp({ redisUrl: REDIS_URL });
    const two = await buildTestApp({ redisUrl: REDIS_URL });
    apps.push(one, two);
    // Redis outlives the test run: a new e-mail and address each time start from empty windows.
    const email = `limit-${randomUUID()}@example.test`;
    const remoteAddress = `10.${randomInt(256)}.${randomInt(256)}.${randomInt(1, 255)}`;
    const forgot = (t: typeof one) =>
      t.app.inject({ method: 'POST', url: '/api/public/users/forgot', payload: { email }, remoteAddress });
    const codes = [];
    for (const t of [one, two, one, two, one]) codes.push((await forgot(t)).statusCode);
    expect(codes).toEqual([200, 200, 200, 200, 200]);
    const sixth = await forgot(two);
    expect(sixth.statusCode).toBe(429);
    expect(sixth.json().error.message).toMatch(/^Too many attempts\. Try again in \d+ minutes?\.$/);
    // A process with its own memory would not have known.
    const alone = await buildTestApp();
    apps.push(alone);
    expect((await forgot(alone)).statusCode).toBe(200);
  });
});
