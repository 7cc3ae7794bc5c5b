import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LOCKOUT_MINUTES, MAX_FAILED_SIGN_INS } from '@portal/contracts/auth';
import type { UserStatus } from '@portal/contracts/enums';
import type { DatabaseHandle } from '../../db/database.js';
import { openTestDatabase, TEST_DIALECTS } from '../../test/test-database.js';
import { hashPassword } from '../password.js';
import { checkSignIn } from './sign-in.js';

const PASSWORD = 'Correct-Horse-7';
const NOW = new Date('2026-03-02T09:00:00.000Z');
const minutesAfter = (minutes: number) => new Date(NOW.getTime() + minutes * 60_000);

describe.each(TEST_DIALECTS)('checking a sign-in (%s)', (dialect) => {
  let database: DatabaseHandle;
  let passwordHash: string;

  beforeAll(async () => {
    database = await openTestDatabase(dialect);
    passwordHash = await hashPassword(PASSWORD);
  });

  afterAll(async () => {
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
        locked_until: null,
        invited_at: null,
        last_sign_in_at: null,
        created_at: NOW.toISOString(),
        updated_at: NOW.toISOString(),
      })
      .execute();
    return { id, email };
  }

  function userRow(id: string) {
    return database.db
      .selectFrom('users')
      .select(['failed_sign_ins', 'locked_until', 'last_sign_in_at'])
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
  }

  it('signs in with the right password, whatever the case and spaces of the e-mail', async () => {
    const user = await insertUser();
    const outcome = await checkSignIn(database.db, `  ${user.email.toUpperCase()} `, PASSWORD, NOW);
    expect(outcome).toEqual({ kind: 'signed-in', accountId: user.id });
    expect(await userRow(user.id)).toEqual({
      failed_sign_ins: 0,
      locked_until: null,
      last_sign_in_at: NOW.toISOString(),
    });
  });

  it('answers an unknown e-mail, a user without a password and a wrong password alike', async () => {
    const invited = await insertUser({ status: 'INVITED', passwordHash: null });
    const user = await insertUser();
    expect(await checkSignIn(database.db, 'nobody@sign-in.test', PASSWORD, NOW)).toEqual({ kind: 'invalid' });
    expect(await checkSignIn(database.db, invited.email, PASSWORD, NOW)).toEqual({ kind: 'invalid' });
    expect(await checkSignIn(database.db, user.email, 'wrong', NOW)).toEqual({ kind: 'invalid' });
  });

  it('refuses a user who is not active even with the right password, and says so', async () => {
    const user = await insertUser({ status: 'DISABLED' });
    expect(await checkSignIn(database.db, user.email, PASSWORD, NOW)).toEqual({ kind: 'disabled' });
    expect((await userRow(user.id)).last_sign_in_at).toBeNull();
  });

  it(`locks for ${LOCKOUT_MINUTES} minutes at the ${MAX_FAILED_SIGN_INS}th failure in a row`, async () => {
    const user = await insertUser();
    for (let attempt = 1; attempt < MAX_FAILED_SIGN_INS; attempt += 1) {
      expect(await checkSignIn(database.db, user.email, 'wrong', NOW)).toEqual({ kind: 'invalid' });
    }
    expect((await userRow(user.id)).failed_sign_ins).toBe(MAX_FAILED_SIGN_INS - 1);

    const until = minutesAfter(LOCKOUT_MINUTES).toISOString();
    expect(await checkSignIn(database.db, user.email, 'wrong', NOW)).toEqual({ kind: 'locked', until });
    expect(await userRow(user.id)).toMatchObject({ failed_sign_ins: 0, locked_until: until });

    // The right password changes nothing while the lock lasts, and attempts do not extend it.
    const during = minutesAfter(LOCKOUT_MINUTES - 1);
    expect(await checkSignIn(database.db, user.email, PASSWORD, during)).toEqual({ kind: 'locked', until });
    expect(await checkSignIn(database.db, user.email, 'wrong', during)).toEqual({ kind: 'locked', until });

    const after = minutesAfter(LOCKOUT_MINUTES);
    expect(await checkSignIn(database.db, user.email, PASSWORD, after)).toEqual({
      kind: 'signed-in',
      accountId: user.id,
    });
    expect(await userRow(user.id)).toEqual({
      failed_sign_ins: 0,
      locked_until: null,
      last_sign_in_at: after.toISOString(),
    });
  });

  it('starts counting again after a success', async () => {
    const user = await insertUser();
    for (let attempt = 1; attempt < MAX_FAILED_SIGN_INS; attempt += 1) {
      await checkSignIn(database.db, user.email, 'wrong', NOW);
    }
    await checkSignIn(database.db, user.email, PASSWORD, NOW);
    expect(await checkSignIn(database.db, user.email, 'wrong', NOW)).toEqual({ kind: 'invalid' });
    expect((await userRow(user.id)).failed_sign_ins).toBe(1);
  });

  it('counts failures made at the same time, so that a burst cannot slip past the limit', async () => {
    const user = await insertUser();
    const outcomes = await Promise.all(
      Array.from({ length: MAX_FAILED_SIGN_INS }, () => checkSignIn(database.db, user.email, 'wrong', NOW)),
    );
    expect(outcomes.filter((outcome) => outcome.kind === 'locked')).toHaveLength(1);
    expect((await userRow(user.id)).locked_until).toBe(minutesAfter(LOCKOUT_MINUTES).toISOString());
  });
});
