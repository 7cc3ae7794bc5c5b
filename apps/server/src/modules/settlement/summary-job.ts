import type { Kysely } from 'kysely';
import { DAY_MS } from '@portal/contracts/constants';
import type { Brand } from '@portal/contracts/brands';
import { PAGES } from '@portal/contracts/routes';
import type { Database } from '../../db/schema.js';
import { withTransaction } from '../../db/transaction.js';
import { queueEmail } from '../mail/queue-email.js';
import { merchantContext } from '../merchants/service.js';
import { allSubscriptions, claimSubscriptionDay } from './repository.js';
import { merchantToday } from '../../lib/time-zone.js';
import { settlementReport } from './service.js';
import { summaryEmail } from './summary-email.js';

const addDays = (day: string, days: number) =>
  new Date(Date.parse(`${day}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);

/** How often the server looks for summaries that are due (each is sent once a day at most). */
export const SUMMARY_POLL_MS = 15 * 60_000;

export interface SummarySettings {
  readonly brand: Brand;
  readonly publicUrl: string;
}

/**
 * Queues each summary that is due on the merchant's today: a daily one for yesterday, a weekly one on
 * Mondays for the week before (Monday to Sunday). A subscription is claimed for the day in the
 * transaction that queues its message, so that several servers send it once. Returns how many were queued.
 */
export async function queueDueSummaries(
  db: Kysely<Database>,
  settings: SummarySettings,
  now = new Date(),
): Promise<number> {
  // The report is not offered under a brand that hides it: neither is its summary.
  const page: { readonly hiddenForBrands?: readonly Brand[] } = PAGES.settlementReport;
  if ((page.hiddenForBrands ?? []).includes(settings.brand)) return 0;
  let queued = 0;
  for (const subscription of await allSubscriptions(db)) {
    const context = await merchantContext(db, subscription.merchant_id);
    const today = merchantToday(context.timeZone, now);
    const monday = new Date(`${today}T00:00:00Z`).getUTCDay() === 1;
    if (subscription.frequency === 'WEEKLY' && !monday) continue;
    if (subscription.last_sent_on !== null && subscription.last_sent_on >= today) continue;
    const range =
      subscription.frequency === 'DAILY'
        ? { from: addDays(today, -1), to: addDays(today, -1) }
        : { from: addDays(today, -7), to: addDays(today, -1) };
    const sent = await withTransaction(db, async (trx) => {
      if (!(await claimSubscriptionDay(trx, subscription.id, today))) return false;
      const report = await settlementReport(trx, subscription.merchant_id, range, now);
      const url = `${settings.publicUrl}${PAGES.settlementReport.path}?from=${range.from}&to=${range.to}`;
      await queueEmail(trx, {
        merchantId: subscription.merchant_id,
        to: subscription.email,
        template: 'settlement-summary',
        locale: subscription.locale,
        message: summaryEmail(
          { frequency: subscription.frequency, report, url },
          subscription.locale,
          settings.brand,
        ),
        related: { type: 'settlement_subscription', id: subscription.id },
      });
      return true;
    });
    if (sent) queued += 1;
  }
  return queued;
}
