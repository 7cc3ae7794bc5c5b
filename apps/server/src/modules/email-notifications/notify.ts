import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import { queueEmail } from '../mail/queue-email.js';
import { merchantMailContext } from '../merchants/service.js';
import { teamMembers } from '../users/service.js';
import { listAddresses, subscribersOf } from './repository.js';
import { NOTICE_TEMPLATES, noticeEmail, relatedOf, type Notice } from './notification-email.js';

export type { Notice } from './notification-email.js';

/**
 * The event's subscribers who are still the merchant's recipients: a team member removed since, or an
 * address no longer on the list, receives nothing.
 */
export async function recipientsOf(db: Kysely<Database>, merchantId: string, event: Notice['event']) {
  const [subscribers, team, addresses] = await Promise.all([
    subscribersOf(db, merchantId, event),
    teamMembers(db, merchantId),
    listAddresses(db, merchantId),
  ]);
  const current = new Set([...team.map((member) => member.email), ...addresses]);
  return subscribers.filter((email) => current.has(email));
}

/**
 * Queues each notice's e-mail to the merchant's subscribers of its event, in the merchant's language.
 * Modules call it with the transaction of the change it tells of (docs/decisions/0005): the e-mails are
 * written with the change or not at all. Returns how many were queued.
 */
export async function notify(
  db: Kysely<Database>,
  merchantId: string,
  notices: readonly Notice[],
  { test = false }: { readonly test?: boolean } = {},
): Promise<number> {
  let queued = 0;
  let merchant: Awaited<ReturnType<typeof merchantMailContext>> | undefined;
  for (const notice of notices) {
    const recipients = await recipientsOf(db, merchantId, notice.event);
    if (recipients.length === 0) continue;
    merchant ??= await merchantMailContext(db, merchantId);
    const message = noticeEmail(notice, {
      merchantName: merchant.name,
      locale: merchant.language,
      brand: merchant.brand,
      test,
    });
    for (const to of recipients) {
      await queueEmail(db, {
        merchantId,
        to,
        template: NOTICE_TEMPLATES[notice.event],
        locale: merchant.language,
        message,
        related: test ? { type: 'notification_test', id: notice.event } : relatedOf(notice),
      });
      queued += 1;
    }
  }
  return queued;
}
