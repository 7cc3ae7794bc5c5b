import { createHash } from 'node:crypto';
import type { Transaction } from 'kysely';
import { BANK_COUNTRY_OF_BRAND } from '@portal/contracts/bank-information';
import type { Database } from '../db/schema.js';
import { lastFour, sealNumbers, type BankNumbers } from '../modules/bank-information/numbers.js';

/** Who set up the demo accounts: the provider's onboarding, before any user of the merchant signed in. */
const ONBOARDING = 'onboarding@provider.demo';
// Routing numbers of real US banks (both pass the ABA check); the account numbers are made up.
const ROUTING_NUMBERS = ['011000015', '021000021'] as const;
const BANKS = {
  US: ['First Harbor Bank', 'Union Commerce Bank'],
  CA: ['Banque Laurentide', 'Northern Trust Co.'],
} as const;

/** Digits derived from the merchant's id: the same merchant gets the same account on every seed. */
function digitsOf(merchantId: string, count: number): string {
  const hex = createHash('sha256').update(`bank:${merchantId}`).digest('hex');
  return hex.slice(0, count).replace(/[a-f]/g, (letter) => String(letter.charCodeAt(0) % 10));
}

/**
 * Gives every demo merchant the account its deposits go to, confirmed on the day the merchant was
 * created, so that the bank information page and its next deposit have one to show. The sealed numbers
 * differ from seed to seed (a fresh IV each time); everything shown is the same.
 */
export async function seedBankAccounts(trx: Transaction<Database>): Promise<number> {
  const merchants = await trx
    .selectFrom('merchants')
    .innerJoin('tenants', 'tenants.id', 'merchants.tenant_id')
    .select(['merchants.id', 'tenants.brand', 'merchants.name', 'merchants.created_at'])
    .orderBy('merchants.id')
    .execute();
  for (const [index, merchant] of merchants.entries()) {
    const country = BANK_COUNTRY_OF_BRAND[merchant.brand];
    const numbers: BankNumbers =
      country === 'US'
        ? {
            country,
            routingNumber: ROUTING_NUMBERS[index % ROUTING_NUMBERS.length] ?? ROUTING_NUMBERS[0],
            accountNumber: digitsOf(merchant.id, 12),
          }
        : {
            country,
            institutionNumber: '003',
            transitNumber: digitsOf(`${merchant.id}:transit`, 5),
            accountNumber: digitsOf(merchant.id, 10),
          };
    const id = createHash('sha256').update(`bank-account:${merchant.id}`).digest('hex');
    const uuid = `${id.slice(0, 8)}-${id.slice(8, 12)}-4${id.slice(13, 16)}-8${id.slice(17, 20)}-${id.slice(20, 32)}`;
    const at = new Date(merchant.created_at).toISOString();
    await trx
      .insertInto('bank_accounts')
      .values({
        id: uuid,
        merchant_id: merchant.id,
        country,
        holder_name: merchant.name,
        bank_name: BANKS[country][index % 2 === 0 ? 0 : 1],
        account_type: 'CHECKING',
        numbers_sealed: sealNumbers(uuid, numbers),
        account_last4: lastFour(numbers.accountNumber),
        status: 'CONFIRMED',
        requested_by_user_id: null,
        requested_by_email: ONBOARDING,
        requested_at: at,
        link_token_hash: null,
        expires_at: at,
        confirmed_by_email: ONBOARDING,
        confirmed_through: 'ADMIN',
        confirmed_at: at,
        effective_from: at.slice(0, 10),
        cancelled_at: null,
      })
      .execute();
  }
  return merchants.length;
}
