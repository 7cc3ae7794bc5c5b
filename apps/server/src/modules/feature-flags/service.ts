import type { Kysely, Transaction } from 'kysely';
import { withTransaction } from '../../db/transaction.js';
import type {
  FeatureFlagBulkResponse,
  MerchantFeatureFlags,
  MerchantFeatureFlagsUpdate,
} from '@portal/contracts/feature-flags';
import { featureFlagOverrideSchema, isFlagOn } from '@portal/contracts/feature-flags';
import type { Database } from '../../db/schema.js';
import { AppError, notFound, refused, unprocessable } from '../../http/app-error.js';
import { recordAudit, type AuditContext } from '../audit/record-audit.js';
import {
  deleteOverride,
  findFlag,
  findOverrides,
  listLiveFlags,
  listLiveFlagsByTag,
  upsertOverride,
} from './repository.js';

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

/**
 * Whether a flag is on for a merchant: its own value, or else its tenant's. Off for an unknown or
 * archived flag, and while provider staff have chosen no merchant. The server's check of a page's flag.
 */
export async function isFlagOnForMerchant(
  db: Kysely<Database>,
  context: EvaluationContext,
  name: string,
): Promise<boolean> {
  if (context.tenantId === null || context.merchantId === null) return false;
  const flag = await findFlag(db, context.tenantId, name);
  if (flag === undefined || flag.archived_at !== null) return false;
  const value = (await valuesWithOverrides(db, context.merchantId, [flag])).get(flag.id) ?? flag.value;
  return isFlagOn(value);
}

/** The merchant's view of its tenant's live flags (provider staff's internal settings). */
export async function merchantFeatureFlags(
  db: Kysely<Database> | Transaction<Database>,
  tenantId: string,
  merchantId: string,
): Promise<MerchantFeatureFlags> {
  const flags = await listLiveFlags(db, tenantId);
  const overrides = await findOverrides(
    db,
    merchantId,
    flags.map((flag) => flag.id),
  );
  return {
    items: flags.map((flag) => {
      // A stored value other than the two an override can be set to reads as none: the tenant's applies.
      const stored = featureFlagOverrideSchema.safeParse(overrides.get(flag.id) ?? null);
      const override = stored.success ? stored.data : null;
      return {
        name: flag.name,
        tag: flag.tag,
        tenantValue: flag.value,
        override,
        value: override ?? flag.value,
      };
    }),
  };
}

/**
 * Sets or clears the merchant's overrides together, each change audited with the override and the value
 * the merchant gets before and after. A name that is not a live flag of the tenant refuses them all.
 */
export async function updateMerchantFeatureFlags(
  db: Kysely<Database>,
  audit: AuditContext,
  target: { tenantId: string; merchantId: string },
  changes: MerchantFeatureFlagsUpdate,
  now = new Date(),
): Promise<MerchantFeatureFlags> {
  const { tenantId, merchantId } = target;
  const at = now.toISOString();
  return withTransaction(db, async (trx) => {
    const before = await merchantFeatureFlags(trx, tenantId, merchantId);
    const ids = new Map((await listLiveFlags(trx, tenantId)).map((flag) => [flag.name, flag.id]));
    for (const [name, override] of Object.entries(changes)) {
      const flagId = ids.get(name);
      const was = before.items.find((flag) => flag.name === name);
      if (flagId === undefined || was === undefined) {
        throw unprocessable(refused('feature_flag.unknown', { name }), [
          { path: `body.${name}`, message: 'Not a feature flag of the merchant in use' },
        ]);
      }
      if (override === was.override) continue;
      if (override === null) await deleteOverride(trx, flagId, merchantId);
      else await upsertOverride(trx, { flagId, merchantId, value: override, at });
      await recordAudit(trx, audit, {
        merchantId,
        kind: 'feature_flag.overridden',
        subjectType: 'feature_flag',
        subjectId: name,
        before: { override: was.override, value: was.value },
        after: { override, value: override ?? was.tenantValue },
      });
    }
    return merchantFeatureFlags(trx, tenantId, merchantId);
  });
}
