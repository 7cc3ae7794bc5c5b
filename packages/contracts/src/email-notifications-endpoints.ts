import { z } from 'zod';
import { dataResponseSchema } from './api.js';
import {
  deliveryLogQuerySchema,
  NOTIFICATION_EVENTS,
  notificationSettingsBodySchema,
  notificationSettingsSchema,
  notificationTestSchema,
} from './email-notifications.js';
import { emailListResponseSchema } from './emails.js';
import { defineEndpoint } from './endpoint.js';
import { SCOPES } from './scopes.js';

/**
 * Who on the merchant's side receives which e-mail (the page's scope `r:org.subscription`; changes and
 * test sends `w:org.subscription` on top), and what was sent to them. Always the token's merchant's.
 */
const tags = ['email-notifications'];
const read = { page: 'emailNotifications' } as const;
const edit = { page: 'emailNotifications', scopes: [SCOPES.emailNotificationsEdit] } as const;
const settingsAnswer = { status: 200, schema: dataResponseSchema(notificationSettingsSchema) } as const;

export const notificationSettingsEndpoint = defineEndpoint({
  method: 'GET',
  path: '/api/email-notifications',
  answer: settingsAnswer,
  access: read,
  summary: 'The matrix of e-mail notifications: events × recipients',
  tags,
  errors: [401, 403],
});

export const updateNotificationSettingsEndpoint = defineEndpoint({
  method: 'PUT',
  path: '/api/email-notifications',
  body: notificationSettingsBodySchema,
  answer: settingsAnswer,
  access: edit,
  summary: 'Saves the added addresses and every cell of the matrix that is on',
  tags,
  errors: [400, 401, 403, 422],
});

export const sendNotificationTestEndpoint = defineEndpoint({
  method: 'POST',
  path: '/api/email-notifications/:event/test',
  params: z.strictObject({ event: z.enum(NOTIFICATION_EVENTS) }),
  answer: { status: 200, schema: dataResponseSchema(notificationTestSchema) },
  access: edit,
  summary: "Sends a sample of the event's e-mail, marked as a test, to its recipients",
  tags,
  errors: [400, 401, 403, 422],
});

export const notificationDeliveriesEndpoint = defineEndpoint({
  method: 'GET',
  path: '/api/email-notifications/deliveries',
  query: deliveryLogQuerySchema,
  answer: { status: 200, schema: emailListResponseSchema },
  access: read,
  summary: "The merchant's e-mails to its recipients, newest first, with their delivery state",
  tags,
  errors: [400, 401, 403],
});
