import type { FastifyRequest } from 'fastify';
import { hasScope, SCOPES } from '@portal/contracts/scopes';
import { currentMerchantId } from '../../auth/access.js';

/**
 * Changes to the provider's own settings of a merchant (its feature flags and internal values). They are
 * the provider's business: they show in the log of provider staff, never in the merchant's own.
 */
const PROVIDER_ONLY_KINDS: readonly string[] = ['feature_flag.overridden', 'merchant_values.updated'];

/** Whose log is read, and which kinds of entry that reader may not see. */
export interface AuditReader {
  readonly merchantId: string;
  readonly hiddenKinds: readonly string[];
}

export function auditReaderOf(request: FastifyRequest): AuditReader {
  const seesProviderKinds = hasScope(request.principal.scopes, SCOPES.internalSettingsView);
  return {
    merchantId: currentMerchantId(request),
    hiddenKinds: seesProviderKinds ? [] : PROVIDER_ONLY_KINDS,
  };
}
