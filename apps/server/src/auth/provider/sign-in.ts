import { randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import type { LimitStore } from '../../limits/limit-store.js';
import { credentialsOf, markSignedIn } from '../../modules/users/accounts.js';
import { hashPassword, verifyPassword } from '../password.js';
import {
  ADDRESS_THROTTLE,
  PAIR_THROTTLE,
  addressKey,
  claimAttempt,
  forget,
  pairKey,
  release,
} from './sign-in-throttle.js';

/**
 * What a sign-in attempt gets. Every refusal of the account itself is the one `invalid`, whatever the
 * account's state (unknown, invited without a password, disabled, wrong password), so that the answer
 * tells nothing about the account; `throttled` depends only on the e-mail as typed and the address.
 */
export type SignInOutcome =
  { kind: 'signed-in'; accountId: string } | { kind: 'invalid' } | { kind: 'throttled'; retryAt: string };

export interface SignInAttempt {
  email: string;
  password: string;
  /** The client's address, as the server sees it (TRUST_PROXY). */
  address: string;
}

let unknownUserHash: Promise<string> | undefined;

/**
 * A hash no password matches, checked when the e-mail is unknown so that the answer takes as long as
 * for a known one (the time would otherwise tell which e-mails have accounts). Made once per process;
 * call early so that the first unknown e-mail does not pay for making it.
 */
export function unknownUserPasswordHash(): Promise<string> {
  unknownUserHash ??= hashPassword(randomBytes(32).toString('base64url'));
  return unknownUserHash;
}

/**
 * Checks a sign-in attempt against the `users` table, slowed down after failures by the throttle
 * (sign-in-throttle.ts): the address first, then the (e-mail, address) pair. Only an ACTIVE account
 * with the right password signs in; a success forgets the pair's failures and is not counted against
 * the address.
 */
export async function checkSignIn(
  db: Kysely<Database>,
  limits: LimitStore,
  { email, password, address }: SignInAttempt,
  now: Date = new Date(),
): Promise<SignInOutcome> {
  const normalized = email.trim().toLowerCase();
  const pair = pairKey(normalized, address);
  const fromAddress = addressKey(address);
  for (const [key, policy] of [
    [fromAddress, ADDRESS_THROTTLE],
    [pair, PAIR_THROTTLE],
  ] as const) {
    const verdict = await claimAttempt(limits, key, policy, now);
    if (!verdict.allowed) return { kind: 'throttled', retryAt: verdict.retryAt.toISOString() };
  }

  const user = await credentialsOf(db, { email: normalized });
  // Hash whatever the row says, so that every refusal costs the same time.
  const matches = await verifyPassword(user?.password_hash ?? (await unknownUserPasswordHash()), password);
  if (user?.status !== 'ACTIVE' || user.password_hash === null || !matches) return { kind: 'invalid' };

  await forget(limits, pair);
  await release(limits, fromAddress);
  await markSignedIn(db, user.id, now.toISOString());
  return { kind: 'signed-in', accountId: user.id };
}
