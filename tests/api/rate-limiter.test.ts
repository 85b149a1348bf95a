import { randomBytes } from 'node:crypto';
import { createConnection } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPostgresRateLimiter } from '../../server/services/rate-limit/postgres-rate-limiter';
import { createRedisRateLimiter } from '../../server/services/rate-limit/redis-rate-limiter';
import { buildTestApp, type TestApp } from '../helpers/build-app';

/** Whether a Redis answers PING on 127.0.0.1:6379 (the Redis tests are skipped otherwise). */
async function redisAnswers(): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = createConnection({ host: '127.0.0.1', port: 6379 });
    const done = (ok: boolean) => {
      socket.destroy();
      resolve(ok);
    };
    socket.setTimeout(500, () => done(false));
    socket.once('error', () => done(false));
    socket.once('connect', () => socket.write('PING\r\n'));
    socket.once('data', (data) => done(data.toString().startsWith('+PONG')));
  });
}
const hasRedis = await redisAnswers();

let t: TestApp;

beforeAll(async () => {
  t = await buildTestApp({ seedLookups: false });
});

afterAll(async () => {
  await t?.close();
});

describe('postgres rate limiter', () => {
  it('counts hits in a fixed window and starts again when it ends', async () => {
    const limiter = createPostgresRateLimiter(t.deps.db, t.deps.now);
    expect(await limiter.peek('signin:account:a@b.com')).toEqual({ count: 0, resetInSeconds: 0 });
    expect(await limiter.hit('signin:account:a@b.com', 900)).toEqual({ count: 1, resetInSeconds: 900 });
    t.clock.advance(60_000);
    expect(await limiter.hit('signin:account:a@b.com', 900)).toEqual({ count: 2, resetInSeconds: 840 });
    expect(await limiter.peek('signin:account:a@b.com')).toEqual({ count: 2, resetInSeconds: 840 });
    // Another key has its own window.
    expect((await limiter.hit('signin:address:10.0.0.1', 900)).count).toBe(1);

    t.clock.advance(840_000);
    expect(await limiter.peek('signin:account:a@b.com')).toEqual({ count: 0, resetInSeconds: 0 });
    expect(await limiter.hit('signin:account:a@b.com', 900)).toEqual({ count: 1, resetInSeconds: 900 });
  });

  it('resets a key', async () => {
    const limiter = createPostgresRateLimiter(t.deps.db, t.deps.now);
    await limiter.hit('reset-me', 60);
    await limiter.hit('reset-me', 60);
    await limiter.reset('reset-me');
    expect((await limiter.peek('reset-me')).count).toBe(0);
    expect((await limiter.hit('reset-me', 60)).count).toBe(1);
  });

  it('gives back one hit of the open window, never below 0 and never in a window that ended', async () => {
    const limiter = createPostgresRateLimiter(t.deps.db, t.deps.now);
    await limiter.hit('release-me', 60);
    await limiter.hit('release-me', 60);
    await limiter.release('release-me');
    expect(await limiter.peek('release-me')).toEqual({ count: 1, resetInSeconds: 60 });
    await limiter.release('release-me');
    await limiter.release('release-me');
    expect((await limiter.peek('release-me')).count).toBe(0);
    await limiter.release('never-hit');
    expect((await limiter.peek('never-hit')).count).toBe(0);
    // Parallel reservations and releases: each release takes back exactly one.
    await Promise.all(Array.from({ length: 10 }, () => limiter.hit('pairs', 60)));
    await Promise.all(Array.from({ length: 4 }, () => limiter.release('pairs')));
    expect((await limiter.peek('pairs')).count).toBe(6);
  });

  it('loses no hit when many arrive at once (one atomic upsert each)', async () => {
    const limiter = createPostgresRateLimiter(t.deps.db, t.deps.now);
    const results = await Promise.all(Array.from({ length: 25 }, () => limiter.hit('burst', 60)));
    expect(results.map((result) => result.count).sort((a, b) => a - b)).toEqual(Array.from({ length: 25 }, (_, i) => i + 1));
    expect((await limiter.peek('burst')).count).toBe(25);
  });
});

describe.skipIf(!hasRedis)('redis rate limiter (127.0.0.1:6379)', () => {
  it('counts hits in a window that expires, and resets', async () => {
    const limiter = createRedisRateLimiter('redis://127.0.0.1:6379');
    const key = `test:${randomBytes(6).toString('hex')}`;
    try {
      expect(await limiter.peek(key)).toEqual({ count: 0, resetInSeconds: 0 });
      const results = await Promise.all(Array.from({ length: 5 }, () => limiter.hit(key, 1)));
      expect(results.map((result) => result.count).sort()).toEqual([1, 2, 3, 4, 5]);
      expect((await limiter.peek(key)).count).toBe(5);
      expect((await limiter.peek(key)).resetInSeconds).toBe(1);

      await new Promise((done) => setTimeout(done, 1_100));
      expect((await limiter.peek(key)).count).toBe(0);
      expect(await limiter.hit(key, 60)).toEqual({ count: 1, resetInSeconds: 60 });
      await limiter.reset(key);
      expect((await limiter.peek(key)).count).toBe(0);

      // A release gives back one hit of the open window, never below 0, and keeps the window's end.
      await Promise.all(Array.from({ length: 3 }, () => limiter.hit(key, 60)));
      await Promise.all([limiter.release(key), limiter.release(key)]);
      expect(await limiter.peek(key)).toEqual({ count: 1, resetInSeconds: 60 });
      await limiter.release(key);
      await limiter.release(key);
      expect((await limiter.peek(key)).count).toBe(0);
      await limiter.ping();
    } finally {
      await limiter.reset(key);
      await limiter.close();
    }
  });
});
