import type { Placements } from '@portal/contracts/placements';
import { updatePlacementSettingsEndpoint } from '@portal/contracts/placements-endpoints';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { FORM_SHOWS_FIELD_ERRORS } from '../../../lib/forms/mutation-errors';
import { callEndpoint } from '../../../lib/http/call-endpoint';
import { placementKeys } from './placement-keys';

/** `PUT /api/placements`: saves the four page types; the merchant's site shows them from its next load. */
export function useUpdatePlacementSettings(merchantId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    meta: FORM_SHOWS_FIELD_ERRORS,
    mutationFn: async (placements: Placements) =>
      (await callEndpoint(updatePlacementSettingsEndpoint, { body: { placements } })).data,
    onSuccess: (saved) => {
      queryClient.setQueryData(placementKeys.settings(merchantId), saved);
    },
  });
}
