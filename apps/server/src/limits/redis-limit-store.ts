import { createClient } from 'redis';
import type { RedisConfig } from '../config.js';
import { AppError } from '../http/app-error.js';
import type { LimitStore, ThrottleCount } from './limit-store.js';

/** A command that has no answer by then is an outage: the request gets its 503 instead of hanging. */
const COMMAND_TIMEOUT_MS = 2_000;
const CONNECT_TIMEOUT_MS = 5_000;
/** Between attempts to reach a Redis that went away; the client keeps trying for as long as it runs. */
const RECONNECT_DELAY_MS = 1_000;

// Each script runs atomically in Redis: the read and the write of one count cannot interleave with
// another instance's.

/** INCR, and a fresh window's expiry; a key that somehow lost its expiry gets one again. */
const COUNT_HIT = `
local hits = redis.call('INCR', KEYS[1])
local ttl = redis.call('PTTL', KEYS[1])
if hits == 1 or ttl < 0 then
  redis.call('PEXPIRE', KEYS[1], ARGV[1])
  ttl = tonumber(ARGV[1])
end
return {hits, ttl}`;

/** ARGV: seen failures, seen time ('' when unseen), next failures, next time, milliseconds to keep it. */
const COMPARE_AND_SET_THROTTLE = `
local current = redis.call('HMGET', KEYS[1], 'failures', 'last')
if ARGV[2] == '' then
  if current[1] then return 0 end
elseif current[1] ~= ARGV[1] or current[2] ~= ARGV[2] then
  return 0
end
redis.call('HSET', KEYS[1], 'failures', ARGV[3], 'last', ARGV[4])
redis.call('PEXPIRE', KEYS[1], ARGV[5])
return 1`;

const DECREMENT_THROTTLE = `
local failures = tonumber(redis.call('HGET', KEYS[1], 'failures'))
if failures and failures > 0 then redis.call('HINCRBY', KEYS[1], 'failures', -1) end
return 0`;

const counterKey = (key: string) => `rate:${key}`;
const throttleKey = (key: string) => `throttle:${key}`;

function unavailable(error: unknown): AppError {
  return new AppError(503, 'SERVICE_UNAVAILABLE', 'The rate limit store is not reachable', { cause: error });
}

/**
 * The counters in Redis, shared by every instance that uses it. Windows and throttles carry their
 * own expiry, so nothing is pruned. While Redis cannot be reached, every operation fails at once
 * (no queue of commands waiting for it) with a 503, and the client reconnects in the background:
 * the limits are never skipped (docs/decisions/0023).
 */
export async function openRedisLimitStore(config: RedisConfig): Promise<LimitStore> {
  const client = createClient({
    url: config.url,
    keyPrefix: config.keyPrefix,
    disableOfflineQueue: true,
    commandOptions: { timeout: COMMAND_TIMEOUT_MS },
    socket: { connectTimeout: CONNECT_TIMEOUT_MS, reconnectStrategy: RECONNECT_DELAY_MS },
  });
  // Without a listener an 'error' event would end the process; each failing command reports its own.
  client.on('error', () => undefined);
  // An unreachable Redis at start is a deployment mistake: the server stops with the reason.
  await client.connect();

  const run = async <T>(command: () => Promise<T>): Promise<T> => {
    try {
      return await command();
    } catch (error) {
      throw unavailable(error);
    }
  };

  return {
    async countHit(key, windowMs) {
      const reply = await run(() =>
        client.eval(COUNT_HIT, { keys: [counterKey(key)], arguments: [String(windowMs)] }),
      );
      const [hits, ttlMs] = reply as [number, number];
      return { hits, ttlMs };
    },
    async findThrottle(key) {
      const [failures, last] = await run(() => client.hmGet(throttleKey(key), ['failures', 'last']));
      if (failures === null || failures === undefined || last === null || last === undefined)
        return undefined;
      return { failures: Number(failures), lastFailureAt: last };
    },
    async compareAndSetThrottle(key, seen: ThrottleCount | undefined, next, forgetAfterMs) {
      const reply = await run(() =>
        client.eval(COMPARE_AND_SET_THROTTLE, {
          keys: [throttleKey(key)],
          arguments: [
            String(seen?.failures ?? ''),
            seen?.lastFailureAt ?? '',
            String(next.failures),
            next.lastFailureAt,
            // From now rather than from `lastFailureAt`, which is this attempt's own time (tests pass
            // theirs): Redis' clock alone decides when the key goes.
            String(forgetAfterMs),
          ],
        }),
      );
      return reply === 1;
    },
    async deleteThrottle(key) {
      await run(() => client.del(throttleKey(key)));
    },
    async decrementThrottle(key) {
      await run(() => client.eval(DECREMENT_THROTTLE, { keys: [throttleKey(key)] }));
    },
    close: () => client.close(),
  };
}
