import { z } from 'zod';
import { paginationSchema } from './api.js';
import { LOCALES } from './brands.js';
import { dateTime } from './date-time.js';
import { emailSchema } from './email.js';
import { USER_STATUSES } from './enums.js';
import { MERCHANT_ROLES } from './roles.js';

/** An invitation link lasts 7 days, a reset link 1 hour (PRODUCT.md, "Users, roles, scopes"). */
export const USER_TOKEN_PURPOSES = ['ACTIVATION', 'RESET'] as const;
export type UserTokenPurpose = (typeof USER_TOKEN_PURPOSES)[number];
export const USER_TOKEN_LIFETIME_MS: Readonly<Record<UserTokenPurpose, number>> = {
  ACTIVATION: 7 * 24 * 3_600_000,
  RESET: 3_600_000,
};

export const USER_SORTS = ['name', 'email', 'role', 'status', 'invitedAt', 'lastSignInAt'] as const;
export type UserSort = (typeof USER_SORTS)[number];
export const USER_PAGE_SIZES = [25, 50, 100] as const;
export const DEFAULT_USER_PAGE_SIZE = 25;

export const userSchema = z.object({
  id: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  email: z.string(),
  role: z.enum(MERCHANT_ROLES),
  status: z.enum(USER_STATUSES),
  invitedAt: dateTime.nullable(),
  lastSignInAt: dateTime.nullable(),
});
export type User = z.infer<typeof userSchema>;

/** `?role=ADMIN,USER` or `?role=ADMIN&role=USER`. */
function multiValue<T extends z.ZodType>(item: T, max: number) {
  return z.preprocess((value: unknown) => {
    if (value === undefined) return undefined;
    const parts: unknown[] = Array.isArray(value) ? value : [value];
    return parts
      .flatMap((part) => (typeof part === 'string' ? part.split(',') : [part]))
      .filter((part) => part !== '');
  }, z.array(item).max(max).optional());
}

export const userListQuerySchema = z.strictObject({
  /** Name or e-mail, any case, anywhere in the text. */
  search: z.string().trim().max(200).optional(),
  role: multiValue(z.enum(MERCHANT_ROLES), MERCHANT_ROLES.length),
  status: multiValue(z.enum(USER_STATUSES), USER_STATUSES.length),
  sort: z.enum(USER_SORTS).default('name'),
  order: z.enum(['asc', 'desc']).default('asc'),
  limit: z.coerce
    .number()
    .int()
    .refine((value) => (USER_PAGE_SIZES as readonly number[]).includes(value), {
      message: `The page size is one of ${USER_PAGE_SIZES.join(', ')}`,
    })
    .default(DEFAULT_USER_PAGE_SIZE),
  offset: z.coerce.number().int().min(0).max(100_000).default(0),
});
export type UserListQuery = z.output<typeof userListQuerySchema>;

export const userListResponseSchema = z.object({
  data: z.object({ items: z.array(userSchema), pagination: paginationSchema }),
});
export type UserListResponse = z.infer<typeof userListResponseSchema>;

// No messages of their own: the portal's forms give zod's checks theirs (message keys).
const name = z.string().trim().min(1).max(100);
export const addUserBodySchema = z.strictObject({
  firstName: name,
  lastName: name,
  email: emailSchema,
  role: z.enum(MERCHANT_ROLES),
  /** The language of the invitation e-mail; without one, the merchant's language (General settings). */
  locale: z.enum(LOCALES).optional(),
});
export type AddUserBody = z.output<typeof addUserBodySchema>;
export type AddUserInput = z.input<typeof addUserBodySchema>;

export const updateUserRoleBodySchema = z.strictObject({ role: z.enum(MERCHANT_ROLES) });

export const resendInvitationBodySchema = z.strictObject({ locale: z.enum(LOCALES).optional() });

/**
 * Restoring a removed user e-mails a new invitation, in the language the portal sends (the admin's) or
 * else the merchant's.
 */
export const restoreUserBodySchema = z.strictObject({ locale: z.enum(LOCALES).optional() });

/**
 * Why a change to the team was refused (409): the error's `details` hold `{ path: 'reason', message }`
 * with one of these, so that the page can say why in the user's language. An e-mail already in use is
 * a field error instead: `{ path: 'body.email' }`, with `restorable` as the reason when it is a removed
 * user of the same merchant, who can be restored rather than invited.
 */
export const USER_CONFLICT_REASONS = [
  'self_removal',
  'self_demotion',
  'last_admin',
  'not_invited',
  'removed',
  'not_removed',
  'restorable',
] as const;
export type UserConflictReason = (typeof USER_CONFLICT_REASONS)[number];
export const USER_CONFLICT_REASON_PATH = 'reason';
export const EMAIL_FIELD_PATH = 'body.email';
