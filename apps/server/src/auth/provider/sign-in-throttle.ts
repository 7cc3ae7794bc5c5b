import { createHash } from 'node:crypto';
import { DAY_MS } from '@portal/contracts/constants';
import type { LimitStore } from '../../limits/limit-store.js';

/**
 * Slows sign-in attempts down after failures, as OWASP advises, rather than locking accounts: nobody
 * can lock a stranger out. Failures are counted for the (e-mail, address) pair, so that an attacker's
 * failures never slow the owner down from another address, and for the address alone, a ceiling for
 * one address trying many e-mails. The e-mail is counted as typed (normalised), whether or not an
 * account has it, so that the throttle says nothing about which accounts exist. Every attempt is
 * counted before its password is checked (a burst cannot slip past), and a success forgets the pair.
 */
export interface ThrottlePolicy {
  /** Failures allowed at full speed. */
  readonly freeFailures: number;
  /** The wait after the last free failure; it doubles with each further failure. */
  readonly firstDelayMs: number;
  readonly maxDelayMs: number;
}

export const PAIR_THROTTLE: ThrottlePolicy = {
  freeFailures: 5,
  firstDelayMs: 2_000,
  maxDelayMs: 15 * 60_000,
};
/** An office behind one address signs many people in: its ceiling is far above one person's typos. */
export const ADDRESS_THROTTLE: ThrottlePolicy = {
  freeFailures: 50,
  firstDelayMs: 2_000,
  maxDelayMs: 15 * 60_000,
};

/** Failures older than this are forgotten (and their rows deleted, or their Redis keys expire). */
export const FAILURE_MEMORY_MS = DAY_MS;

/** Compare-and-set retries when parallel attempts race for the same row. */
const MAX_CLAIM_TRIES = 5;

export type ThrottleVerdict = { allowed: true } | { allowed: false; retryAt: Date };

export function pairKey(email: string, address: string): string {
  return hashKey(`pair\n${email}\n${address}`);
}

export function addressKey(address: string): string {
  return hashKey(`address\n${address}`);
}

function hashKey(text: string): string {
  return createHash('sha256').update(text).digest('hex');
}

/** When the attempt after `failures` failures may come, or null when it may come at once. */
function nextAttemptAt(policy: ThrottlePolicy, failures: number, lastFailureAt: Date): Date | null {
  const past = failures - policy.freeFailures;
  if (past < 0) return null;
  const delay = Math.min(policy.firstDelayMs * 2 ** Math.min(past, 30), policy.maxDelayMs);
  return new Date(lastFailureAt.getTime() + delay);
}

/**
 * Counts one attempt against `key` if the policy allows it now (it counts as a failure until a
 * success forgets it), or says when the next attempt may come. Parallel attempts race by
 * compare-and-set on the failure count, so each one is counted.
 */
export async function claimAttempt(
  limits: LimitStore,
  key: string,
  policy: ThrottlePolicy,
  now: Date,
): Promise<ThrottleVerdict> {
  for (let attempt = 0; attempt < MAX_CLAIM_TRIES; attempt += 1) {
    const row = await limits.findThrottle(key);
    const lastFailureAt = row === undefined ? null : new Date(row.lastFailureAt);
    const remembered =
      row !== undefined &&
      lastFailureAt !== null &&
      now.getTime() - lastFailureAt.getTime() < FAILURE_MEMORY_MS;
    if (remembered) {
      const retryAt = nextAttemptAt(policy, row.failures, lastFailureAt);
      if (retryAt !== null && retryAt > now) return { allowed: false, retryAt };
    }
    const next = { failures: remembered ? row.failures + 1 : 1, lastFailureAt: now.toISOString() };
    const claimed = await limits.compareAndSetThrottle(key, row, next, FAILURE_MEMORY_MS);
    if (claimed) return { allowed: true };
  }
  // Lost every race: many attempts at once for this very key, which is what the throttle is for.
  return { allowed: false, retryAt: new Date(now.getTime() + policy.firstDelayMs) };
}

/** A success: the pair starts afresh. */
export async function forget(limits: LimitStore, key: string): Promise<void> {
  await limits.deleteThrottle(key);
}

/**
 * A success takes back its own count from the address, and only that: the address keeps its earlier
 * failures, or an attacker could clear them by signing in to an account of their own now and then.
 */
export async function release(limits: LimitStore, key: string): Promise<void> {
  await limits.decrementThrottle(key);
}
