import { interactionDetailsEndpoint } from '@portal/contracts/auth-endpoints';
import type { InteractionDetails } from '@portal/contracts/sign-in';
import { SIGN_IN_ERROR_PARAM } from '@portal/contracts/sign-in';
import { queryOptions, type QueryClient } from '@tanstack/react-query';
import type { LoaderFunctionArgs } from 'react-router';
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

/**
 * Asks for the interaction as the light entry starts, beside the page's code rather than after it: the
 * form waits on this answer, the largest paint of the page opened at every sign-in. After `expired` the
 * page asks nothing.
 */
export function prefetchInteractionDetails(
  { params, url }: Pick<LoaderFunctionArgs, 'params' | 'url'>,
  queryClient: QueryClient,
) {
  const { interactionId } = params;
  if (interactionId === undefined) return;
  if (url.searchParams.get(SIGN_IN_ERROR_PARAM) === 'expired') return;
  // A failure stays in the query, where the page shows it with its retry.
  queryClient.query(interactionDetailsQueryOptions(interactionId)).catch(() => undefined);
}
