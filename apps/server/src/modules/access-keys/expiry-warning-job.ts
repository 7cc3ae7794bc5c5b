import type { Kysely } from 'kysely';
import { ACCESS_KEY_EXPIRY_WARNING_DAYS } from '@portal/contracts/access-keys';
import { DAY_MS } from '@portal/contracts/constants';
import { PAGES } from '@portal/contracts/routes';
import type { Database } from '../../db/schema.js';
import { withTransaction } from '../../db/transaction.js';
import { queueEmail } from '../mail/queue-email.js';
import { merchantMailContext } from '../merchants/service.js';
import { activeAdminEmailsOf } from '../users/accounts.js';
import { expiryWarningEmail } from './expiry-warning-email.js';
import { claimExpiryWarning, keysToWarn } from './repository.js';

/** How often the server looks for keys that expire within the warning's week. */
export const EXPIRY_WARNING_POLL_MS = 15 * 60_000;

export interface ExpiryWarningSettings {
  readonly publicUrl: string;
}

/**
 * Queues, for each key that expires within the coming week and was not warned about, one e-mail to
 * each ACTIVE admin of its merchant, in the merchant's language. The key is claimed in the transaction
 * that queues the messages, so that several servers warn once. Returns how many keys were warned about.
 */
export async function queueExpiryWarnings(
  db: Kysely<Database>,
  settings: ExpiryWarningSettings,
  now = new Date(),
): Promise<number> {
  const until = new Date(now.getTime() + ACCESS_KEY_EXPIRY_WARNING_DAYS * DAY_MS).toISOString();
  let warned = 0;
  for (const key of await keysToWarn(db, now.toISOString(), until)) {
    if (key.expires_at === null) continue;
    const expiresAt = new Date(key.expires_at);
    const done = await withTransaction(db, async (trx) => {
      if (!(await claimExpiryWarning(trx, key.id, now.toISOString()))) return false;
      const merchant = await merchantMailContext(trx, key.merchant_id);
      const values = {
        keyName: key.name,
        merchantName: merchant.name,
        expiresAt,
        url: `${settings.publicUrl}${PAGES.accessKeys.path}`,
      };
      for (const to of await activeAdminEmailsOf(trx, key.merchant_id)) {
        await queueEmail(trx, {
          merchantId: key.merchant_id,
          to,
          template: 'access-key-expiry',
          locale: merchant.language,
          message: expiryWarningEmail(values, merchant.language, merchant.brand),
          related: { type: 'access_key', id: key.id },
        });
      }
      return true;
    });
    if (done) warned += 1;
  }
  return warned;
}
