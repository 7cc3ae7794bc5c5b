import { placementSettingsEndpoint } from '@portal/contracts/placements-endpoints';
import { useQuery } from '@tanstack/react-query';
import { callEndpoint } from '../../../lib/http/call-endpoint';
import { retryOnce } from '../../../lib/http/retry-once';
import { placementKeys } from './placement-keys';

/** `GET /api/placements`: the merchant's on-site messaging per page type. */
async function fetchPlacementSettings(signal?: AbortSignal) {
  return (await callEndpoint(placementSettingsEndpoint, { signal })).data;
}

export function usePlacementSettings(merchantId: string) {
  return useQuery({
    queryKey: placementKeys.settings(merchantId),
    queryFn: ({ signal }) => fetchPlacementSettings(signal),
    retry: retryOnce,
  });
}
