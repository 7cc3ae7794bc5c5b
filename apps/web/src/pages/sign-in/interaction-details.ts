import { interactionDetailsEndpoint } from '@portal/contracts/auth-endpoints';
import type { InteractionDetails } from '@portal/contracts/sign-in';
import { queryOptions } from '@tanstack/react-query';
import { ApiError } from '../../lib/http/api-error';
import { callEndpoint } from '../../lib/http/call-endpoint';

/**
 * `GET /api/auth/interaction/:interactionId` (docs/auth.md): what the provider's sign-in needs, or
 * null when the interaction is unknown or has expired (404).
 */
async function fetchInteractionDetails(
  interactionId: string,
  signal?: AbortSignal,
): Promise<InteractionDetails | null> {
  try {
    return await callEndpoint(interactionDetailsEndpoint, { params: { interactionId }, signal });
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) return null;
    throw error;
  }
}

export function interactionDetailsQueryOptions(interactionId: string) {
  return queryOptions({
    queryKey: ['auth', 'interaction', interactionId] as const,
    queryFn: ({ signal }) => fetchInteractionDetails(interactionId, signal),
    // The interaction lives a few minutes and the page shows once: asking again adds nothing.
    staleTime: Infinity,
    retry: false,
  });
}
