import { MERCHANT_PORTAL_FLAG_TAG } from '@portal/contracts/enums';
import { isFlagOn, TAG_NAME_REQUIRED_MESSAGE } from '@portal/contracts/feature-flags';
import { evaluateFlagsEndpoint } from '@portal/contracts/feature-flags-endpoints';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { callEndpoint } from '../../../lib/http/call-endpoint';
import { usePublicConfig } from '../../../lib/public-config';
import { logFeatureFlagFailure } from './feature-flag-log';
import { featureFlagOrigin } from './flag-origin';

/** Which flags are on, by flag name; a flag that is absent is off. */
export type FeatureFlags = Readonly<Record<string, boolean>>;

export interface BulkFeatureFlagsRequest {
  readonly tag: string;
  readonly tenantId: string;
  /** The public config's `apiurl`. */
  readonly apiurl: string;
  readonly signal?: AbortSignal;
}

/** `POST /api/featureflag/evaluation/bulk?tag=…` with `{ tenantId }`; rejects without a tag (§5, §8). */
export async function fetchBulkFeatureFlags({
  tag,
  tenantId,
  apiurl,
  signal,
}: BulkFeatureFlagsRequest): Promise<FeatureFlags> {
  if (tag.trim() === '') throw new Error(TAG_NAME_REQUIRED_MESSAGE);
  featureFlagOrigin(apiurl);
  const answer = await callEndpoint(evaluateFlagsEndpoint, { query: { tag }, body: { tenantId }, signal });
  // Only the string "true" turns a flag on (§7): not "TRUE", not "1".
  return Object.fromEntries(Object.entries(answer).map(([name, { result }]) => [name, isFlagOn(result)]));
}

export interface FeatureFlagsScope {
  readonly tenantId: string;
  /** Flags can be overridden per merchant, so a merchant switch reads them again. */
  readonly merchantId: string;
}

const featureFlagKeys = {
  bulk: ({ tenantId, merchantId }: FeatureFlagsScope, tag: string) =>
    ['feature-flags', 'bulk', tenantId, merchantId, tag] as const,
};

/** The portal's flags; a failed fetch yields no flags at all, only logged (§7, §8). */
export function bulkFeatureFlagsQueryOptions(
  scope: FeatureFlagsScope,
  apiurl: string,
  tag: string = MERCHANT_PORTAL_FLAG_TAG,
) {
  return queryOptions({
    queryKey: featureFlagKeys.bulk(scope, tag),
    queryFn: async ({ signal }): Promise<FeatureFlags> => {
      try {
        return await fetchBulkFeatureFlags({ tag, tenantId: scope.tenantId, apiurl, signal });
      } catch (error) {
        logFeatureFlagFailure(`the bulk evaluation of tag ${tag} failed`, error);
        return {};
      }
    },
  });
}

export function useBulkFeatureFlags(scope: FeatureFlagsScope) {
  const { apiurl } = usePublicConfig();
  return useQuery(bulkFeatureFlagsQueryOptions(scope, apiurl));
}
