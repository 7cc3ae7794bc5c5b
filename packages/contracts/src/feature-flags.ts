import { z } from 'zod';

/** The answer of a bulk evaluation without a tag, and the portal's own refusal (specification §5, §8). */
export const TAG_NAME_REQUIRED_MESSAGE = 'Tag name is required';

export const featureFlagNameSchema = z.string().regex(/^[A-Za-z0-9_.-]{1,100}$/);

/** The evaluation context (specification §7): the tenant of the signed-in merchant. */
export const featureFlagEvaluationRequestSchema = z.strictObject({ tenantId: z.string().min(1).max(100) });

/** 200 of a single evaluation; 204 (no body) means the flag is disabled. */
export const featureFlagResultSchema = z.object({ result: z.string() });

/** The tag is optional in the schema so that its absence gets the specification's own message. */
export const featureFlagBulkQuerySchema = z.strictObject({ tag: z.string().max(100).optional() });

/** Every flag of the tag, keyed by flag name (specification §7). */
export const featureFlagBulkResponseSchema = z.record(z.string(), featureFlagResultSchema);
export type FeatureFlagBulkResponse = z.infer<typeof featureFlagBulkResponseSchema>;

/** A flag is on when its value equals the string "true" (specification §7). */
export function isFlagOn(value: string | undefined): boolean {
  return value === 'true';
}

/** A merchant's own value of a flag: on, off, or null (none: the tenant's value applies). */
export const featureFlagOverrideSchema = z.enum(['true', 'false']).nullable();
export type FeatureFlagOverride = z.infer<typeof featureFlagOverrideSchema>;

/** One flag of the merchant's tenant as provider staff see it on the internal settings page. */
export const merchantFeatureFlagSchema = z.object({
  name: z.string(),
  /** Which part of the product reads it (the portal's tag, the backend's…). */
  tag: z.string(),
  /** The tenant's value: what every merchant without an override gets. */
  tenantValue: z.string(),
  override: featureFlagOverrideSchema,
  /** What the evaluation answers for this merchant: the override, or else the tenant's value. */
  value: z.string(),
});
export type MerchantFeatureFlag = z.infer<typeof merchantFeatureFlagSchema>;

export const merchantFeatureFlagsSchema = z.object({ items: z.array(merchantFeatureFlagSchema) });
export type MerchantFeatureFlags = z.infer<typeof merchantFeatureFlagsSchema>;

/** Flag name → the merchant's new override (null clears it), applied together. */
export const merchantFeatureFlagsUpdateSchema = z
  .record(featureFlagNameSchema, featureFlagOverrideSchema)
  .refine((changes) => Object.keys(changes).length > 0, { message: 'Nothing to change' });
export type MerchantFeatureFlagsUpdate = z.infer<typeof merchantFeatureFlagsUpdateSchema>;
