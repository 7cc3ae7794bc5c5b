import type { Kysely } from 'kysely';
import { DAY_MS } from '@portal/contracts/constants';
import { AUTHORIZATION_EXPIRY_NOTICE_DAYS } from '@portal/contracts/email-notifications';
import type { Database } from '../../db/schema.js';
import { withTransaction } from '../../db/transaction.js';
import { cartsLapsedWithin } from '../carts/service.js';
import { merchantContext } from '../merchants/service.js';
import { merchantToday } from '../../lib/time-zone.js';
import { authorizationsExpiringWithin } from '../transactions/service.js';
import { notify, type Notice } from './notify.js';
import { claimNotice, merchantsSubscribedTo } from './repository.js';

/** How often the server looks for events that no request makes: expiring authorizations, lapsed carts. */
export const NOTICE_POLL_MS = 15 * 60_000;

/** How far back a cart that lapsed is still announced: a server down for longer skips older ones. */
const CART_LAPSE_LOOKBACK_MS = 2 * DAY_MS;

interface DueNotice {
  readonly merchantId: string;
  readonly subjectId: string;
  readonly notice: Notice;
}

async function announceOnce(db: Kysely<Database>, due: DueNotice, at: string): Promise<number> {
  return withTransaction(db, async (trx) => {
    const claim = {
      event: due.notice.event as 'AUTHORIZATION_EXPIRING' | 'CART_EXPIRED',
      subject_id: due.subjectId,
    };
    if (!(await claimNotice(trx, { ...claim, merchant_id: due.merchantId }, at))) return 0;
    return notify(trx, due.merchantId, [due.notice]);
  });
}

async function expiringAuthorizations(db: Kysely<Database>, now: Date): Promise<DueNotice[]> {
  const due: DueNotice[] = [];
  for (const merchantId of await merchantsSubscribedTo(db, 'AUTHORIZATION_EXPIRING')) {
    const { timeZone } = await merchantContext(db, merchantId);
    for (const authorization of await authorizationsExpiringWithin(
      db,
      merchantId,
      AUTHORIZATION_EXPIRY_NOTICE_DAYS,
      now,
    )) {
      due.push({
        merchantId,
        subjectId: authorization.id,
        notice: {
          event: 'AUTHORIZATION_EXPIRING',
          transactionId: authorization.id,
          orderReference: authorization.orderReference,
          open: authorization.open,
          expiresOn: merchantToday(timeZone, new Date(authorization.expiresAt)),
        },
      });
    }
  }
  return due;
}

async function lapsedCarts(db: Kysely<Database>, now: Date): Promise<DueNotice[]> {
  const due: DueNotice[] = [];
  for (const merchantId of await merchantsSubscribedTo(db, 'CART_EXPIRED')) {
    for (const cart of await cartsLapsedWithin(db, merchantId, CART_LAPSE_LOOKBACK_MS, now)) {
      due.push({
        merchantId,
        subjectId: cart.id,
        notice: {
          event: 'CART_EXPIRED',
          cartId: cart.id,
          orderReference: cart.orderReference,
          amount: cart.total,
          by: 'TIME',
        },
      });
    }
  }
  return due;
}

/**
 * Announces, once each, the authorizations that expire within AUTHORIZATION_EXPIRY_NOTICE_DAYS days and
 * the carts that lapsed by time, to the merchants that subscribed someone to them. Each is claimed in
 * the transaction that queues its e-mails, so that several servers announce it once. Returns how many
 * e-mails were queued.
 */
export async function queueDueNotices(db: Kysely<Database>, now = new Date()): Promise<number> {
  const at = now.toISOString();
  let queued = 0;
  for (const due of [...(await expiringAuthorizations(db, now)), ...(await lapsedCarts(db, now))]) {
    queued += await announceOnce(db, due, at);
  }
  return queued;
}
