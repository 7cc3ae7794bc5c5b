import { z } from 'zod';
import { DAY_MS } from './constants.js';
import { dateTime } from './date-time.js';

/**
 * Access keys (issue 14): secrets that let a merchant's own servers call the merchant API
 * (docs/decisions/0013-merchant-api-keys.md). A key reaches only its merchant's data, and only the
 * resources its scopes name.
 */

/** What a key may reach, each at `none`, `read` or `write` (which includes read). */
export const ACCESS_KEY_RESOURCES = ['carts', 'transactions'] as const;
export type AccessKeyResource = (typeof ACCESS_KEY_RESOURCES)[number];
export const ACCESS_KEY_LEVELS = ['none', 'read', 'write'] as const;
export type AccessKeyLevel = (typeof ACCESS_KEY_LEVELS)[number];

export const accessKeyScopesSchema = z.strictObject({
  carts: z.enum(ACCESS_KEY_LEVELS),
  transactions: z.enum(ACCESS_KEY_LEVELS),
});
export type AccessKeyScopes = z.infer<typeof accessKeyScopesSchema>;

/** What a merchant-API endpoint needs of the calling key. */
export interface AccessKeyGrant {
  readonly resource: AccessKeyResource;
  readonly level: Exclude<AccessKeyLevel, 'none'>;
}

/** Whether a key with these scopes may do what `grant` needs: write includes read. */
export function keyAllows(scopes: AccessKeyScopes, grant: AccessKeyGrant): boolean {
  const held = scopes[grant.resource];
  return held === 'write' || held === grant.level;
}

/** How long the secret a rotation replaces keeps working, so that the merchant's servers can switch. */
export const ROTATION_OVERLAPS = ['NOW', 'ONE_HOUR', 'ONE_DAY', 'SEVEN_DAYS'] as const;
export type RotationOverlap = (typeof ROTATION_OVERLAPS)[number];
export const ROTATION_OVERLAP_MS: Readonly<Record<RotationOverlap, number>> = {
  NOW: 0,
  ONE_HOUR: DAY_MS / 24,
  ONE_DAY: DAY_MS,
  SEVEN_DAYS: 7 * DAY_MS,
};

/** The admins are warned this many days before a key expires, once per key. */
export const ACCESS_KEY_EXPIRY_WARNING_DAYS = 7;
export const ACCESS_KEY_NAME_MAX = 80;

/** A key's state as shown: revoked wins over expired. */
export const ACCESS_KEY_STATUSES = ['ACTIVE', 'EXPIRED', 'REVOKED'] as const;
export type AccessKeyStatus = (typeof ACCESS_KEY_STATUSES)[number];

/** A key as the portal lists it: never its secret nor its hash. */
export const accessKeySchema = z.object({
  id: z.string(),
  name: z.string(),
  scopes: accessKeyScopesSchema,
  status: z.enum(ACCESS_KEY_STATUSES),
  expiresAt: dateTime.nullable(),
  createdAt: dateTime,
  createdByEmail: z.string(),
  rotatedAt: dateTime.nullable(),
  /** Until when the secret the last rotation replaced still works; null when it no longer does. */
  previousSecretValidUntil: dateTime.nullable(),
  revokedAt: dateTime.nullable(),
  lastUsedAt: dateTime.nullable(),
  lastUsedAddress: z.string().nullable(),
});
export type AccessKey = z.infer<typeof accessKeySchema>;

/**
 * The answer of a creation or a rotation: the key and, this once, its secret as the merchant's server
 * sends it (`Authorization: Bearer <secret>`, which starts with the key's id).
 */
export const accessKeyWithSecretSchema = z.object({ key: accessKeySchema, secret: z.string() });
export type AccessKeyWithSecret = z.infer<typeof accessKeyWithSecretSchema>;

export const accessKeyListSchema = z.object({ items: z.array(accessKeySchema) });

/** The messages of the key form: keys of the portal's texts. */
export const ACCESS_KEY_MESSAGES = {
  nameRequired: 'accessKeys:validation.nameRequired',
  nameTooLong: 'accessKeys:validation.nameTooLong',
  noScope: 'accessKeys:validation.noScope',
} as const;

export const createAccessKeyBodySchema = z.strictObject({
  name: z
    .string()
    .trim()
    .min(1, ACCESS_KEY_MESSAGES.nameRequired)
    .max(ACCESS_KEY_NAME_MAX, ACCESS_KEY_MESSAGES.nameTooLong),
  scopes: accessKeyScopesSchema.refine(
    (scopes) => ACCESS_KEY_RESOURCES.some((resource) => scopes[resource] !== 'none'),
    ACCESS_KEY_MESSAGES.noScope,
  ),
  /** No expiry when null; a date in the past is refused (422). */
  expiresAt: z.iso.datetime({ offset: true }).nullable(),
});
export type CreateAccessKeyBody = z.infer<typeof createAccessKeyBodySchema>;

export const rotateAccessKeyBodySchema = z.strictObject({ overlap: z.enum(ROTATION_OVERLAPS) });

/**
 * The shape of a key's secret: `<key id>.sk_<43 base64url characters>` (32 random bytes). The `sk_`
 * mark lets scanners find a leaked secret in logs and answers.
 */
export const ACCESS_KEY_SECRET_PATTERN = /^([0-9a-f-]{36})\.(sk_[\w-]{43})$/;
