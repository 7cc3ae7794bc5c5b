import { evaluateFlagEndpoint } from '@portal/contracts/feature-flags-endpoints';
import { ApiError } from '../../../lib/http/api-error';
import { callEndpoint } from '../../../lib/http/call-endpoint';
import { logFeatureFlagFailure } from './feature-flag-log';
import { featureFlagOrigin } from './flag-origin';

export interface FeatureFlagEvaluationRequest {
  readonly flagName: string;
  readonly tenantId: string;
  readonly apiurl: string;
  readonly signal?: AbortSignal;
}

/** The statuses the specification names as a flag's own errors (§7): logged, then the flag is off. */
const FLAG_ERROR_STATUSES = new Set([400, 404, 410]);

/**
 * `POST /api/featureflag/evaluation/flag/{flagName}` (§7): the flag's `result` on 200, null when it is
 * disabled (204) or cannot be evaluated. Failures are logged, never thrown, as no user sees them (§8).
 */
export async function evaluateFeatureFlag({
  flagName,
  tenantId,
  apiurl,
  signal,
}: FeatureFlagEvaluationRequest): Promise<string | null> {
  try {
    featureFlagOrigin(apiurl);
    const answer = await callEndpoint(evaluateFlagEndpoint, {
      params: { flagName },
      body: { tenantId },
      signal,
    });
    return answer?.result ?? null;
  } catch (error) {
    const known = error instanceof ApiError && FLAG_ERROR_STATUSES.has(error.status);
    logFeatureFlagFailure(
      known ? `flag ${flagName} answered ${error.status}` : `flag ${flagName} could not be evaluated`,
      error,
    );
    return null;
  }
}
