import { z } from 'zod';
import { dateTime } from './date-time.js';
import { listResponseSchema } from './api.js';
import { LOCALES } from './brands.js';

/**
 * An e-mail's delivery: PENDING until delivered; SENT through SMTP; KEPT in the outbox when no SMTP
 * server is configured (the demo reads it there); FAILED after the last attempt.
 */
export const EMAIL_STATUSES = ['PENDING', 'SENT', 'KEPT', 'FAILED'] as const;
export type EmailStatus = (typeof EMAIL_STATUSES)[number];

export const EMAIL_PAGE_SIZES = [25, 50, 100] as const;
export const DEFAULT_EMAIL_PAGE_SIZE = 25;

/** The outbox list (provider staff): newest first, narrowed by recipient, template or status. */
export const emailListQuerySchema = z.strictObject({
  /** Part of the recipient's address, any case. */
  to: z.string().trim().min(1).max(320).optional(),
  template: z.string().trim().min(1).max(100).optional(),
  status: z.enum(EMAIL_STATUSES).optional(),
  limit: z.coerce
    .number()
    .int()
    .refine((value) => (EMAIL_PAGE_SIZES as readonly number[]).includes(value), {
      message: `The page size is one of ${EMAIL_PAGE_SIZES.join(', ')}`,
    })
    .default(DEFAULT_EMAIL_PAGE_SIZE),
  offset: z.coerce.number().int().min(0).max(100_000).default(0),
});
export type EmailListQuery = z.output<typeof emailListQuerySchema>;

/** One message of the outbox as listed; its body is read one message at a time. */
export const emailSummarySchema = z.object({
  id: z.string(),
  merchantId: z.string().nullable(),
  to: z.string(),
  subject: z.string(),
  template: z.string(),
  locale: z.enum(LOCALES),
  status: z.enum(EMAIL_STATUSES),
  attempts: z.number().int().nonnegative(),
  /** When the next attempt is due (PENDING); otherwise when the last one was due. */
  nextAttemptAt: dateTime,
  lastError: z.string().nullable(),
  sentAt: dateTime.nullable(),
  createdAt: dateTime,
  related: z.object({ type: z.string(), id: z.string() }).nullable(),
  /**
   * The time zone of the message's merchant, in which staff read its times (as on every merchant's
   * page); null for a message of no merchant (a provider staff invitation).
   */
  timeZone: z.string().nullable(),
});
export type EmailSummary = z.infer<typeof emailSummarySchema>;

/**
 * Why a message's HTML and text are not shown: `delivered` when an SMTP server delivers the mail (it is
 * the recipient's); `account-link` for a message that carries someone's account link (invitation,
 * password reset) outside demo mode (docs/decisions/0007).
 */
const EMAIL_WITHHELD_REASONS = ['delivered', 'account-link'] as const;
export type EmailWithheldReason = (typeof EMAIL_WITHHELD_REASONS)[number];

/**
 * One message, exactly as rendered when it was queued. Its HTML and text are null, and `withheld` says
 * why, when no one but the recipient may read it.
 */
export const emailDetailSchema = emailSummarySchema.extend({
  html: z.string().nullable(),
  text: z.string().nullable(),
  withheld: z.enum(EMAIL_WITHHELD_REASONS).nullable(),
});
export type EmailDetail = z.infer<typeof emailDetailSchema>;

export const emailListResponseSchema = listResponseSchema(emailSummarySchema);
export type EmailListResponse = z.infer<typeof emailListResponseSchema>;
