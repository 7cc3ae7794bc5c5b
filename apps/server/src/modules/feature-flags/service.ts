import type { Kysely } from 'kysely';
import type { FeatureFlagBulkResponse } from '@portal/contracts/feature-flags';
import { isFlagOn } from '@portal/contracts/feature-flags';
import type { Database } from '../../db/schema.js';
import { AppError, notFound } from '../../http/app-error.js';
import { findFlag, findOverrides, listLiveFlagsByTag } from './repository.js';

export interface EvaluationContext {
  /** The token's tenant; null while provider staff have not chosen a merchant. */
  tenantId: string | null;
  merchantId: string | null;
}

/**
 * Flags are the tenant's; the body names the tenant (specification §7) but may only name the caller's
 * own, so that one tenant's flags (and their names) stay hidden from another.
 */
function tenantOf(context: EvaluationContext, requested: string): string {
  if (context.tenantId === null || context.tenantId !== requested) {
    throw new AppError(400, 'VALIDATION_FAILED', 'The request is not valid', {
      details: [{ path: 'body.tenantId', message: 'Not the tenant of the signed-in merchant' }],
    });
  }
  return context.tenantId;
}

async function valuesWithOverrides(
  db: Kysely<Database>,
  merchantId: string | null,
  flags: readonly { id: string; value: string }[],
): Promise<Map<string, string>> {
  const overrides =
    merchantId === null
      ? new Map<string, string>()
      : await findOverrides(
          db,
          merchantId,
          flags.map((flag) => flag.id),
        );
  return new Map(flags.map((flag) => [flag.id, overrides.get(flag.id) ?? flag.value]));
}

export type Evaluation = { kind: 'on'; result: string } | { kind: 'off' };

/** On (with its value), off; 404 for an unknown flag and 410 for an archived one. */
export async function evaluateFlag(
  db: Kysely<Database>,
  context: EvaluationContext,
  requestedTenant: string,
  name: string,
): Promise<Evaluation> {
  const tenantId = tenantOf(context, requestedTenant);
  const flag = await findFlag(db, tenantId, name);
  if (flag === undefined) throw notFound(`Unknown feature flag: ${name}`);
  // api.ts has no GONE code yet (asked for); the status is what the portal reads (specification §7).
  if (flag.archived_at !== null)
    throw new AppError(410, 'GONE', `The feature flag ${name} has been archived`);
  const value = (await valuesWithOverrides(db, context.merchantId, [flag])).get(flag.id) ?? flag.value;
  return isFlagOn(value) ? { kind: 'on', result: value } : { kind: 'off' };
}

/** Every live flag of the tag with its value for the merchant, on or off. */
export async function evaluateTag(
  db: Kysely<Database>,
  context: EvaluationContext,
  requestedTenant: string,
  tag: string,
): Promise<FeatureFlagBulkResponse> {
  const tenantId = tenantOf(context, requestedTenant);
  const flags = await listLiveFlagsByTag(db, tenantId, tag);
  const values = await valuesWithOverrides(db, context.merchantId, flags);
  return Object.fromEntries(flags.map((flag) => [flag.name, { result: values.get(flag.id) ?? flag.value }]));
}
