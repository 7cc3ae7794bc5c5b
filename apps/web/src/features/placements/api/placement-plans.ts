import { placementPlansEndpoint } from '@portal/contracts/placements-endpoints';
import { useQuery } from '@tanstack/react-query';
import { callEndpoint } from '../../../lib/http/call-endpoint';
import { retryOnce } from '../../../lib/http/retry-once';
import { placementKeys } from './placement-keys';

/** `GET /api/placements/plans`: the plans of the merchant's active enrollments, for the preview's figures. */
async function fetchPlacementPlans(signal?: AbortSignal) {
  return (await callEndpoint(placementPlansEndpoint, { signal })).data;
}

export function usePlacementPlans(merchantId: string) {
  return useQuery({
    queryKey: placementKeys.plans(merchantId),
    queryFn: ({ signal }) => fetchPlacementPlans(signal),
    retry: retryOnce,
  });
}
