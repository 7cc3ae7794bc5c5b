import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { UserStatus } from '@portal/contracts/enums';
import type { DatabaseHandle } from '../../db/database.js';
import { openLimitStore, type LimitStore } from '../../limits/limit-store.js';
import { openTestDatabase } from '../../test/test-database.js';
import { deleteRedisKeys, limitStoreConfig, TEST_LIMIT_STORES } from '../../test/test-limits.js';
import { hashPassword } from '../password.js';
import { checkSignIn } from './sign-in.js';
import { ADDRESS_THROTTLE, FAILURE_MEMORY_MS, PAIR_THROTTLE } from './sign-in-throttle.js';

const PASSWORD = 'Correct-Horse-7';
const NOW = new Date('2026-03-02T09:00:00.000Z');
const ATTACKER = '198.51.100.7';
const OWNER = '203.0.113.20';
const secondsAfter = (seconds: number) => new Date(NOW.getTime() + seconds * 1000);

describe.each(TEST_LIMIT_STORES)('checking a sign-in (%s, limits in the %s store)', (dialect, storeKind) => {
  const storeConfig = limitStoreConfig(storeKind);
  let database: DatabaseHandle;
  let limits: LimitStore;
  let passwordHash: string;
  let addressCount = 0;
  /** A fresh address for each test, so that the per-address ceiling of one test leaves the others alone. */
  const nextAddress = () => `192.0.2.${String((addressCount += 1))}`;

  beforeAll(async () => {
    database = await openTestDatabase(dialect);
    limits = await openLimitStore(storeConfig, database.db);
    passwordHash = await hashPassword(PASSWORD);
  });

  afterAll(async () => {
    await limits.close();
    await deleteRedisKeys(storeConfig);
    await database.destroy();
  });

  async function insertUser(
    overrides: { status?: UserStatus; passwordHash?: string | null } = {},
  ): Promise<{ id: string; email: string }> {
    const id = randomUUID();
    const email = `user-${id.slice(0, 8)}@sign-in.test`;
    await database.db
      .insertInto('users')
      .values({
        id,
        tenant_id: null,
        merchant_id: null,
        email,
        first_name: 'Sam',
        last_name: 'Tester',
        role: 'INTERNAL_SUPPORT',
        status: overrides.status ?? 'ACTIVE',
        password_hash: overrides.passwordHash === undefined ? passwordHash : overrides.passwordHash,
        invited_at: null,
        last_sign_in_at: null,
        created_at: NOW.toISOString(),
        updated_at: NOW.toISOString(),
      })
      .execute();
    return { id, email };
  }

  const attempt = (email: string, password: string, address: string, at: Date = NOW) =>
    checkSignIn(database.db, limits, { email, password, address }, at);

  it('signs in with the right password, whatever the case and spaces of the e-mail', async () => {
    const user = await insertUser();
    const outcome = await attempt(`  ${user.email.toUpperCase()} `, PASSWORD, nextAddress());
    expect(outcome).toEqual({ kind: 'signed-in', accountId: user.id });
    const row = await database.db
      .selectFrom('users')
      .select('last_sign_in_at')
      .where('id', '=', user.id)
      .executeTakeFirstOrThrow();
    expect(row.last_sign_in_at).toBe(NOW.toISOString());
  });

  it('answers every account state alike: unknown, invited, disabled (even with its password), wrong password', async () => {
    const address = nextAddress();
    const invited = await insertUser({ status: 'INVITED', passwordHash: null });
    const disabled = await insertUser({ status: 'DISABLED' });
    const user = await insertUser();
    const outcomes = [
      await attempt('nobody@sign-in.test', PASSWORD, address),
      await attempt(invited.email, PASSWORD, address),
      await attempt(disabled.email, PASSWORD, address),
      await attempt(disabled.email, 'wrong', address),
      await attempt(user.email, 'wrong', address),
    ];
    expect(outcomes).toEqual(Array.from({ length: outcomes.length }, () => ({ kind: 'invalid' })));
  });

  it(`slows a pair down after ${String(PAIR_THROTTLE.freeFailures)} failures, the same for a real and an unknown e-mail`, async () => {
    const user = await insertUser();
    const address = nextAddress();
    for (const email of [user.email, 'nobody-at-all@sign-in.test']) {
      for (let failure = 1; failure <= PAIR_THROTTLE.freeFailures; failure += 1) {
        expect(await attempt(email, 'wrong', address)).toEqual({ kind: 'invalid' });
      }
      const firstWait = secondsAfter(PAIR_THROTTLE.firstDelayMs / 1000).toISOString();
      // Even the right password waits: the throttle answers before any password is checked.
      expect(await attempt(email, PASSWORD, address)).toEqual({ kind: 'throttled', retryAt: firstWait });
      // Once the wait is over, one more try; its failure doubles the wait.
      const later = secondsAfter(PAIR_THROTTLE.firstDelayMs / 1000);
      expect(await attempt(email, 'wrong', address, later)).toEqual({ kind: 'invalid' });
      expect(await attempt(email, 'wrong', address, later)).toEqual({
        kind: 'throttled',
        retryAt: new Date(later.getTime() + 2 * PAIR_THROTTLE.firstDelayMs).toISOString(),
      });
    }
    // The owner, once the wait is over, signs in, and the count starts afresh.
    const afterWait = secondsAfter(60);
    expect(await attempt(user.email, PASSWORD, address, afterWait)).toEqual({
      kind: 'signed-in',
      accountId: user.id,
    });
    expect(await attempt(user.email, 'wrong', address, afterWait)).toEqual({ kind: 'invalid' });
  });

  it('never stops the owner from another address, however many failures come from an attacker', async () => {
    const user = await insertUser();
    for (let failure = 1; failure <= 20; failure += 1) {
      await attempt(user.email, `guess-${String(failure)}`, ATTACKER);
    }
    expect((await attempt(user.email, PASSWORD, ATTACKER)).kind).toBe('throttled');
    expect(await attempt(user.email, PASSWORD, OWNER)).toEqual({ kind: 'signed-in', accountId: user.id });
  });

  it(`caps one address at ${String(ADDRESS_THROTTLE.freeFailures)} failures across e-mails`, async () => {
    const address = nextAddress();
    for (let failure = 1; failure <= ADDRESS_THROTTLE.freeFailures; failure += 1) {
      expect((await attempt(`spray-${String(failure)}@sign-in.test`, 'wrong', address)).kind).toBe('invalid');
    }
    const user = await insertUser();
    expect((await attempt(user.email, PASSWORD, address)).kind).toBe('throttled');
    expect((await attempt(user.email, PASSWORD, nextAddress())).kind).toBe('signed-in');
  });

  it('counts no success against the address: an office signs its people in all day', async () => {
    const address = nextAddress();
    const user = await insertUser();
    for (let success = 0; success <= ADDRESS_THROTTLE.freeFailures; success += 1) {
      expect((await attempt(user.email, PASSWORD, address)).kind).toBe('signed-in');
    }
  });

  it('forgets failures after a quiet day', async () => {
    const user = await insertUser();
    const address = nextAddress();
    for (let failure = 0; failure <= PAIR_THROTTLE.freeFailures; failure += 1) {
      await attempt(user.email, 'wrong', address);
    }
    expect((await attempt(user.email, PASSWORD, address)).kind).toBe('throttled');
    const nextDay = new Date(NOW.getTime() + FAILURE_MEMORY_MS);
    expect((await attempt(user.email, PASSWORD, address, nextDay)).kind).toBe('signed-in');
  });

  it('counts attempts made at the same time, so that a burst cannot slip past the throttle', async () => {
    const user = await insertUser();
    const address = nextAddress();
    const burst = PAIR_THROTTLE.freeFailures + 5;
    const outcomes = await Promise.all(
      Array.from({ length: burst }, () => attempt(user.email, 'wrong', address)),
    );
    expect(outcomes.filter((outcome) => outcome.kind === 'invalid').length).toBeLessThanOrEqual(
      PAIR_THROTTLE.freeFailures + 1,
    );
    expect(outcomes.filter((outcome) => outcome.kind === 'throttled').length).toBeGreaterThanOrEqual(4);
  });
});
