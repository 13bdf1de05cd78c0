import { randomInt, randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp } from '../../../test/helper.ts';
import { redisUrl, requireService } from '../../../test/services.ts';
import { createUser, TEST_PASSWORD } from '../../../test/seeders.ts';
import { createRateLimiter } from '../../lib/rate-limit.ts';
import { createRedisStore } from './redis-store.ts';

describe('rate limits in Redis', () => {
  beforeAll(() => requireService('Redis', redisUrl));
  const apps: Awaited<ReturnType<typeof buildTestApp>>[] = [];
  afterAll(() => Promise.all(apps.map((a) => a.close())));

  // Three test apps, each migrating a database of its own: slow on a busy machine.
  it('hold across two API processes sharing one Redis', { timeout: 120_000 }, async () => {
    const one = await buildTestApp({ redisUrl: redisUrl });
    const two = await buildTestApp({ redisUrl: redisUrl });
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

  it('hold password-guessing delays across two processes', { timeout: 120_000 }, async () => {
    const one = await buildTestApp({ redisUrl: redisUrl });
    apps.push(one);
    const two = await buildTestApp({ redisUrl: redisUrl });
    apps.push(two);
    // Each test app has a database of its own: the same account in both.
    const user = await createUser(one.db);
    await createUser(two.db, { email: user.email, uid: user.uid });
    const remoteAddress = `10.${randomInt(256)}.${randomInt(256)}.${randomInt(1, 255)}`;
    const signIn = (t: typeof one, password: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/identity/sign-in',
        payload: { email: user.email, password },
        remoteAddress,
      });
    const codes = [];
    for (const t of [one, two, one, two, one, two]) codes.push((await signIn(t, 'wrong guess')).statusCode);
    expect(codes).toEqual([401, 401, 401, 401, 401, 429]);
    expect((await signIn(one, TEST_PASSWORD)).json().error.message).toBe('Too many attempts. Try again in 1 minute.');
  });

  it('forgets a backoff on reset', async () => {
    const store = createRedisStore(redisUrl);
    try {
      const limiter = createRateLimiter(store);
      const backoff = {
        key: `test:${randomUUID()}`,
        free: 2,
        firstDelayMs: 60_000,
        maxDelayMs: 600_000,
        memoryMs: 600_000,
      };
      await limiter.fail([], [backoff]);
      await limiter.guard([], [backoff]);
      await limiter.fail([], [backoff]);
      await expect(limiter.guard([], [backoff])).rejects.toMatchObject({ statusCode: 429 });
      await limiter.succeed([backoff]);
      await expect(limiter.guard([], [backoff])).resolves.toBeUndefined();
    } finally {
      await store.close();
    }
  });
});
