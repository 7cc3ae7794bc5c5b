import type { Program } from '@portal/contracts/programs';
import type { PortalTokenClaims } from '@portal/contracts/token';
import { createContext, useContext } from 'react';
import type { CurrentMerchant } from '@portal/contracts/merchants';

/** The signed-in user at a chosen merchant: what the shell around every data page shows. */
export interface MerchantSessionValue {
  readonly claims: PortalTokenClaims;
  readonly merchantId: string;
  /** Null while it loads (the pages do not wait for the header's merchant name). */
  readonly merchant: CurrentMerchant | null;
  /** The merchant's active programs; null while they load (see MerchantSession for when pages do not wait). */
  readonly programs: readonly Program[] | null;
}

export const MerchantSessionContext = createContext<MerchantSessionValue | null>(null);

export function useMerchantSession(): MerchantSessionValue {
  const value = useContext(MerchantSessionContext);
  if (!value) throw new Error('useMerchantSession is used outside of the signed-in shell');
  return value;
}
