import type { Kysely } from 'kysely';
import type { PaidInto } from '@portal/contracts/settlement';
import type { Database } from '../../db/schema.js';
import { confirmedAccounts } from './repository.js';

/**
 * Which account a day is paid into (as accountInEffectOn picks it), for many days at one read: the
 * settlement report's deposits. Read rather than kept on each deposit: a confirmed account's first day
 * always follows its confirmation, so no later change reaches a day already paid.
 */
export async function paidIntoByDay(
  db: Kysely<Database>,
  merchantId: string,
): Promise<(day: string) => PaidInto | null> {
  const accounts = await confirmedAccounts(db, merchantId);
  return (day) => {
    const account = accounts.findLast((row) => row.effective_from !== null && row.effective_from <= day);
    return account === undefined
      ? null
      : {
          bankName: account.bank_name,
          accountType: account.account_type,
          accountLast4: account.account_last4,
        };
  };
}
