import type { PortalTokenClaims } from '@portal/contracts/token';
import type { QueryClient } from '@tanstack/react-query';
import { bulkFeatureFlagsQueryOptions } from '../../features/feature-flags/api/bulk-feature-flags';
import { currentMerchantQueryOptions } from '../../features/merchants/api/current-merchant';
import { participationsQueryOptions } from '../../features/programs/api/participations';
import { askFirstTransactionPage, type OpenedAt } from '../../features/transactions/api/first-page-early';
import { currentMerchantId } from '../../lib/merchant-selection/merchant-selection';

export interface SessionRequestsStart {
  /** The stored token's claims at start; null when signed out. */
  readonly claims: PortalTokenClaims | null;
  /** The public config's `apiurl`, which the flags' origin is checked against. */
  readonly apiurl: string;
  /** The address the page was loaded at. */
  readonly opened: OpenedAt;
}

/**
 * The first requests of a session signed in when the page loads, asked by the entry before it loads
 * its language and renders (docs/decisions/0027): each needs only the token and its merchant, and the
 * first row waited for all of them behind the language's chunk and a first render. The list's page
 * first, so that it leaves before the others take the connections; then what the shell waits for (the
 * flags), the participations (the programs follow from the session, as the specification orders them)
 * and the header's merchant. The session's hooks find them in the query cache, or on their way.
 */
export function startSessionRequests(
  queryClient: QueryClient,
  { claims, apiurl, opened }: SessionRequestsStart,
) {
  const merchantId = claims === null ? null : currentMerchantId(claims);
  // Provider staff without a merchant choose one first: nothing to ask yet.
  if (claims === null || merchantId === null) return;
  askFirstTransactionPage(queryClient, merchantId, opened);
  // A failure is left to the session's hooks, which ask again when they mount and show it.
  const quiet = () => undefined;
  queryClient
    .query(bulkFeatureFlagsQueryOptions({ tenantId: claims.tenantID, merchantId }, apiurl))
    .catch(quiet);
  queryClient.query(participationsQueryOptions(merchantId)).catch(quiet);
  queryClient.query(currentMerchantQueryOptions(merchantId)).catch(quiet);
}
