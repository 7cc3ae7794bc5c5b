import type { Brand } from '@portal/contracts/brands';
import { FEATURE_FLAGS, type AccessContext, type ProgramRequirement } from '@portal/contracts/routes';
import { createContext, useContext } from 'react';

export interface AccessInputs {
  readonly brand: Brand;
  /** The token's `scp` claim. */
  readonly scopes: readonly string[];
  /** Derived from the merchant's active programs; null while they load. */
  readonly programs: Readonly<Record<ProgramRequirement, boolean>> | null;
  /** The bulk evaluation's answer: every flag of the tag, on or off. */
  readonly flags: Readonly<Record<string, boolean>>;
}

/** The access context, and whether the merchant's programs are still loading. */
export interface PortalAccess extends AccessContext {
  /** While true every program reads as absent: pages that need one wait, and the navigation leaves them out. */
  readonly programsLoading: boolean;
}

const NO_PROGRAMS: Readonly<Record<ProgramRequirement, boolean>> = {
  ecommerce: false,
  ecommerceCheckoutSdk: false,
  instore: false,
  instoreVirtualCard: false,
};

/**
 * What the signed-in user may see: the brand, the token's scopes, the merchant's programs and the
 * feature flags. Only the flags that gate pages are kept, and each is on only when the answer said so.
 */
export function buildAccessContext({ brand, scopes, programs, flags }: AccessInputs): PortalAccess {
  return {
    brand,
    scopes,
    programs: programs ?? NO_PROGRAMS,
    programsLoading: programs === null,
    flags: Object.fromEntries(FEATURE_FLAGS.map((flag) => [flag, flags[flag] === true])),
  };
}

export const AccessContextValue = createContext<PortalAccess | null>(null);

/** What the current user may see: the input of every route guard and of the navigation. */
export function useAccessContext(): PortalAccess {
  const context = useContext(AccessContextValue);
  if (!context) throw new Error('useAccessContext is used outside of the signed-in shell');
  return context;
}
