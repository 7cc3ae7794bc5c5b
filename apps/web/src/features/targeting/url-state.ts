import { HAS_FINANCING_VALUES, TARGETING_CHECKOUT_STATUSES } from '@portal/contracts/targeting';
import { z } from 'zod';
import type { QueryParams } from '../../lib/http/query-string';
import { defineUrlState } from '../../lib/url-state/url-state';
import { urlDay, urlList } from '../../lib/url-state/url-params';

/**
 * The targeting export's selection in the URL (README.md of this folder lists the parameters, which
 * other pages link with): the window as days of the merchant's zone, the programs, financing and the
 * latest checkout status. None given: the last 30 days, every program of the header's selection.
 */
export const targetingUrl = defineUrlState({
  from: urlDay(),
  to: urlDay(),
  programs: urlList(z.string().trim().min(1).max(100)),
  hasFinancing: z.enum(HAS_FINANCING_VALUES).optional(),
  checkoutStatus: z.enum(TARGETING_CHECKOUT_STATUSES).optional(),
});

export type TargetingState = typeof targetingUrl.defaults;

/** The API's selection: the window as chosen, and the programs narrowed to the header's selection. */
export function targetingQuery(
  state: TargetingState,
  window: { readonly from: string; readonly to: string },
  programIds: readonly string[] | undefined,
) {
  return {
    from: window.from,
    to: window.to,
    programID: programIds === undefined ? undefined : [...programIds],
    hasFinancing: state.hasFinancing,
    checkoutStatus: state.checkoutStatus,
  } satisfies QueryParams;
}
