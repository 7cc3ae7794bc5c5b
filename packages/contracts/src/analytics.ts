import { z } from 'zod';

/** The analytics events of the specification (§6, §9), one name per thing a user does. */
export const ANALYTICS_EVENTS = [
  'filter_applied',
  'search_performed',
  'export_downloaded',
  'cart_created',
  'cart_expired',
  'cart_email_resent',
  'cart_link_copied',
  'cart_notified',
  'settings_updated',
  'location_verification_code_generated',
  'user_added',
  'user_removed',
  'user_role_updated',
  'merchant_switched',
] as const;
export type AnalyticsEventName = (typeof ANALYTICS_EVENTS)[number];

export const analyticsEventSchema = z.strictObject({
  name: z.enum(ANALYTICS_EVENTS),
  /** Where it happened, e.g. `/transactions`; never a full URL with tokens in it. */
  page: z.string().max(200),
  properties: z
    .record(z.string().max(50), z.union([z.string().max(200), z.number(), z.boolean()]))
    .default({}),
});
export type AnalyticsEvent = z.infer<typeof analyticsEventSchema>;

/** The portal sends events in small batches. */
export const analyticsBatchSchema = z.strictObject({ events: z.array(analyticsEventSchema).min(1).max(50) });
