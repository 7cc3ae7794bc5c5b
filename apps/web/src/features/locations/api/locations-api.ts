import type { Location, LocationBody, LocationStatusAction } from '@portal/contracts/locations';
import {
  createLocationEndpoint,
  exportLocationsEndpoint,
  listLocationsEndpoint,
  locationEndpoint,
  locationStatusEndpoints,
  updateLocationEndpoint,
} from '@portal/contracts/locations-endpoints';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { FORM_SHOWS_FIELD_ERRORS } from '../../../lib/forms/mutation-errors';
import { callEndpoint } from '../../../lib/http/call-endpoint';
import { downloadFile } from '../../../lib/http/download-file';
import type { QueryParams } from '../../../lib/http/query-string';
import { retryOnce } from '../../../lib/http/retry-once';
import { locationKeys } from './location-keys';

/** `GET /api/locations`: one page of the searched, filtered, sorted list. */
export function useLocationPage(merchantId: string, query: QueryParams) {
  return useQuery({
    queryKey: locationKeys.list(merchantId, query),
    queryFn: async ({ signal }) => (await callEndpoint(listLocationsEndpoint, { query, signal })).data,
    // The rows shown stay while the next page or filter loads, so the table does not flash empty.
    placeholderData: keepPreviousData,
    retry: retryOnce,
  });
}

/**
 * `GET /api/locations/:locationId`: the location with its figures of the month. While the drawer is
 * closed (`active` false) nothing is asked, and the last one stays readable for its closing transition.
 */
export function useLocationDetail(merchantId: string, id: string | undefined, active: boolean) {
  return useQuery({
    queryKey: locationKeys.detail(merchantId, id ?? ''),
    queryFn: async ({ signal }) =>
      (await callEndpoint(locationEndpoint, { params: { locationId: id ?? '' }, signal })).data,
    enabled: active && id !== undefined,
    retry: retryOnce,
    // The figures move with every sale: read again whenever the location is opened.
    staleTime: 0,
  });
}

/** `GET /api/locations/export.csv`: the whole filtered list as CSV, into the browser's downloads. */
export function downloadLocationsCsv(query: QueryParams): Promise<void> {
  return downloadFile(exportLocationsEndpoint, 'locations.csv', { query });
}

/** After a change: the lists, the open detail, and the transaction list's location filter read again. */
function useLocationChanged(merchantId: string) {
  const queryClient = useQueryClient();
  return async () => {
    await Promise.all([
      queryClient.invalidateQueries({ queryKey: locationKeys.all(merchantId) }),
      // The transaction list's location filter (`transactionKeys.locations`, a feature of its own).
      queryClient.invalidateQueries({ queryKey: ['transactions', merchantId, 'locations'] }),
    ]);
  };
}

/** `POST /api/locations` without an id, `PUT /api/locations/:locationId` with one. */
export function useSaveLocation(merchantId: string, id: string | undefined) {
  const changed = useLocationChanged(merchantId);
  return useMutation({
    meta: FORM_SHOWS_FIELD_ERRORS,
    mutationFn: async (body: LocationBody): Promise<Location> =>
      id === undefined
        ? (await callEndpoint(createLocationEndpoint, { body })).data
        : (await callEndpoint(updateLocationEndpoint, { params: { locationId: id }, body })).data,
    onSuccess: changed,
  });
}

/** `POST /api/locations/:locationId/deactivate|reactivate`. */
export function useLocationStatus(merchantId: string) {
  const changed = useLocationChanged(merchantId);
  return useMutation({
    mutationFn: async ({ id, action }: { id: string; action: LocationStatusAction }) =>
      (await callEndpoint(locationStatusEndpoints[action], { params: { locationId: id } })).data,
    onSuccess: changed,
  });
}
