import { z } from 'zod';
import { EMAIL_PAGE_SIZES, DEFAULT_EMAIL_PAGE_SIZE } from './emails.js';
import { emailSchema } from './email.js';

/**
 * The events a merchant's team can be told of by e-mail. DAILY_SETTLEMENT_SUMMARY is the settlement
 * report's daily summary: its recipients are the settlement module's DAILY subscriptions, which this
 * page reads and writes rather than keeping a second list.
 */
export const NOTIFICATION_EVENTS = [
  'NEW_TRANSACTION',
  'AUTHORIZATION_EXPIRING',
  'CART_COMPLETED',
  'CART_EXPIRED',
  'DAILY_SETTLEMENT_SUMMARY',
  'REFUND_PROCESSED',
  'USER_INVITED',
] as const;
export type NotificationEvent = (typeof NOTIFICATION_EVENTS)[number];

/** An authorization is announced as expiring this many days before it lapses (it lives 90 days). */
export const AUTHORIZATION_EXPIRY_NOTICE_DAYS = 7;

/** How many addresses beyond the team a merchant may add. */
export const MAX_EXTRA_ADDRESSES = 25;

const subscriptionSchema = z.strictObject({
  event: z.enum(NOTIFICATION_EVENTS),
  email: emailSchema,
});
export type NotificationSubscription = z.output<typeof subscriptionSchema>;

/** The whole matrix, as the page saves it: the added addresses and every cell that is on. */
export const notificationSettingsBodySchema = z.strictObject({
  extraAddresses: z.array(emailSchema).max(MAX_EXTRA_ADDRESSES),
  subscriptions: z.array(subscriptionSchema).max(NOTIFICATION_EVENTS.length * 500),
});
export type NotificationSettingsBody = z.output<typeof notificationSettingsBodySchema>;

export const teamMemberSchema = z.object({ email: z.string(), name: z.string() });

export const notificationSettingsSchema = z.object({
  /** The merchant's users (removed ones aside): each is a column of the matrix. */
  teamMembers: z.array(teamMemberSchema),
  /** Addresses beyond the team, each a column too. */
  extraAddresses: z.array(z.string()),
  subscriptions: z.array(z.object({ event: z.enum(NOTIFICATION_EVENTS), email: z.string() })),
  /** The rows this portal offers (the settlement summary only where the settlement report is). */
  events: z.array(z.enum(NOTIFICATION_EVENTS)),
  /** Who receives the settlement summary is user management: only an administrator changes that row. */
  settlementSummaryEditable: z.boolean(),
});
export type NotificationSettings = z.infer<typeof notificationSettingsSchema>;

export const notificationTestSchema = z.object({ queued: z.number().int().nonnegative() });

/** The delivery log: the merchant's e-mails to its recipients, newest first, for one recipient or all. */
export const deliveryLogQuerySchema = z.strictObject({
  to: z.optional(emailSchema),
  limit: z.coerce
    .number()
    .int()
    .refine((value) => (EMAIL_PAGE_SIZES as readonly number[]).includes(value), {
      message: `The page size is one of ${EMAIL_PAGE_SIZES.join(', ')}`,
    })
    .default(DEFAULT_EMAIL_PAGE_SIZE),
  offset: z.coerce.number().int().min(0).max(100_000).default(0),
});
export type DeliveryLogQuery = z.output<typeof deliveryLogQuerySchema>;
