import { ALL_SCOPES } from '@portal/contracts/scopes';
import type { Brand } from '@portal/contracts/brands';
import { FEATURE_FLAGS, type AccessContext } from '@portal/contracts/routes';
import { createContext, useContext } from 'react';

/**
 * Until sign-in exists, everyone may see every page the brand has: every scope, every kind of program,
 * every flag. Sign-in replaces this value with the one built from the token, the programs and the flags.
 */
export function allowEverything(brand: Brand): AccessContext {
  return {
    brand,
    scopes: ALL_SCOPES,
    programs: { ecommerce: true, ecommerceCheckoutSdk: true, instore: true, instoreVirtualCard: true },
    flags: Object.fromEntries(FEATURE_FLAGS.map((flag) => [flag, true])),
  };
}

export const AccessContextValue = createContext<AccessContext | null>(null);

/** What the current user may see: the input of every route guard and of the navigation. */
export function useAccessContext(): AccessContext {
  const context = useContext(AccessContextValue);
  if (!context) throw new Error('useAccessContext is used outside of the app providers');
  return context;
}
