import type { Brand } from '@portal/contracts/brands';
import { FEATURE_FLAGS, type AccessContext, type ProgramRequirement } from '@portal/contracts/routes';
import { createContext, useContext } from 'react';

export interface AccessInputs {
  readonly brand: Brand;
  /** The token's `scp` claim. */
  readonly scopes: readonly string[];
  /** Derived from the merchant's active programs. */
  readonly programs: Readonly<Record<ProgramRequirement, boolean>>;
  /** The bulk evaluation's answer: every flag of the tag, on or off. */
  readonly flags: Readonly<Record<string, boolean>>;
}

/**
 * What the signed-in user may see: the brand, the token's scopes, the merchant's programs and the
 * feature flags. Only the flags that gate pages are kept, and each is on only when the answer said so.
 */
export function buildAccessContext({ brand, scopes, programs, flags }: AccessInputs): AccessContext {
  return {
    brand,
    scopes,
    programs,
    flags: Object.fromEntries(FEATURE_FLAGS.map((flag) => [flag, flags[flag] === true])),
  };
}

export const AccessContextValue = createContext<AccessContext | null>(null);

/** What the current user may see: the input of every route guard and of the navigation. */
export function useAccessContext(): AccessContext {
  const context = useContext(AccessContextValue);
  if (!context) throw new Error('useAccessContext is used outside of the signed-in shell');
  return context;
}
