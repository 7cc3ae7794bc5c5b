import { NO_MERCHANT_ID } from '@portal/contracts/roles';
import { hasScope, SCOPES } from '@portal/contracts/scopes';
import type { PortalTokenClaims } from '@portal/contracts/token';
import { useEffect, useRef } from 'react';
import { track } from '../analytics/analytics';
import { rememberMerchant, setSelectedMerchantId, type PreviousMerchant } from '../storage/portal-storage';

/** The claims that decide the merchant: the token's merchant and its scopes. */
interface MerchantClaims {
  readonly merchantID: PortalTokenClaims['merchantID'];
  readonly scp: readonly string[];
}

/**
 * Provider staff work for any merchant, so they choose one. Their token starts with the all-zero
 * merchant id; after a choice it carries the chosen one, and only their scopes still tell them apart:
 * internal settings belong to provider staff alone (the role table in the contracts).
 */
export function isProviderStaff(claims: MerchantClaims): boolean {
  return claims.merchantID === NO_MERCHANT_ID || hasScope(claims.scp, SCOPES.internalSettingsView);
}

/** The merchant the token is for, or null while provider staff have not chosen one. */
export function currentMerchantId(claims: Pick<PortalTokenClaims, 'merchantID'>): string | null {
  return claims.merchantID === NO_MERCHANT_ID ? null : claims.merchantID;
}

/** A user with an assigned merchant is fixed to it (specification §4): only provider staff switch. */
export function canSwitchMerchant(claims: MerchantClaims): boolean {
  return isProviderStaff(claims);
}

/**
 * Asked before the merchant changes; answering false keeps the current merchant (for example a page
 * with unsaved edits). It may ask the user first, hence the promise.
 */
export type MerchantChangeValidator = (nextMerchantId: string) => boolean | Promise<boolean>;

const validators = new Set<MerchantChangeValidator>();

/** Lets a page veto a merchant change; returns the function that removes the validator again. */
export function registerMerchantChangeValidator(validator: MerchantChangeValidator): () => void {
  // A wrapper of its own, so that registering the same function twice needs two unregisters.
  const entry: MerchantChangeValidator = (next) => validator(next);
  validators.add(entry);
  return () => {
    validators.delete(entry);
  };
}

/** Registers the validator while the component is mounted; the newest `validator` is always asked. */
export function useMerchantChangeValidator(validator: MerchantChangeValidator): void {
  const latest = useRef(validator);
  useEffect(() => {
    latest.current = validator;
  });
  useEffect(() => registerMerchantChangeValidator((next) => latest.current(next)), []);
}

async function vetoed(nextMerchantId: string): Promise<boolean> {
  for (const validator of [...validators]) {
    if (!(await validator(nextMerchantId))) return true;
  }
  return false;
}

export type MerchantChangeOutcome = 'changed' | 'unchanged' | 'vetoed';

export interface MerchantChangeRequest {
  readonly claims: MerchantClaims;
  readonly merchant: PreviousMerchant;
  /** Exchanges the token again for the merchant (useAuth().switchMerchant); rejects when refused. */
  readonly switchMerchant: (merchantId: string) => Promise<void>;
}

/**
 * Changes the merchant of provider staff (specification §4): every registered validator must agree,
 * then the token is exchanged for the merchant and the choice stored, with the merchant first among
 * the previously selected ones. Rejects when the user may not switch or the exchange fails.
 */
export async function changeMerchant({
  claims,
  merchant,
  switchMerchant,
}: MerchantChangeRequest): Promise<MerchantChangeOutcome> {
  if (!canSwitchMerchant(claims)) throw new Error('A user with an assigned merchant cannot switch merchant');
  if (merchant.id === currentMerchantId(claims)) {
    rememberMerchant({ id: merchant.id, name: merchant.name });
    return 'unchanged';
  }
  if (await vetoed(merchant.id)) return 'vetoed';
  await switchMerchant(merchant.id);
  setSelectedMerchantId(merchant.id);
  rememberMerchant({ id: merchant.id, name: merchant.name });
  track('merchant_switched', { merchantId: merchant.id });
  return 'changed';
}
