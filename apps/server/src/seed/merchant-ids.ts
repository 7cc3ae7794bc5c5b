import { createHash } from 'node:crypto';
import type { Transaction } from 'kysely';
import type { MerchantIdStatus } from '@portal/contracts/merchant-ids';
import { luhnCheckDigit } from '@portal/contracts/merchant-ids';
import type { Database } from '../db/schema.js';
import { REFERENCE_DATE } from './demo-clock.js';
import { MAIN_MERCHANT, RBC_MERCHANT } from './demo-merchants.js';

/** The merchants whose merchant ID validation page shows ids: one per brand. */
const MERCHANTS = [
  { name: MAIN_MERCHANT, prefix: '4910' },
  { name: RBC_MERCHANT, prefix: '4920' },
] as const;

const PROVIDER_EMAIL = 'validation@provider.example';

/** A uuid-shaped id from a text, so that the same seed gives the same ids. */
function stableId(text: string): string {
  const hex = createHash('sha256').update(text).digest('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-4${hex.slice(13, 16)}-8${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}

function withCheckDigit(body: string): string {
  return body + luhnCheckDigit(body);
}

/** A wrong check digit: the one after the right one. */
function withWrongCheckDigit(body: string): string {
  const right = Number(withCheckDigit(body).slice(-1));
  return body + String((right + 1) % 10);
}

/**
 * Acquirer merchant ids of the demo merchants' first active locations, one of each status (a validated
 * one, one waiting for the provider, one failed on its check digit); no virtual card, which the demo
 * creates.
 */
export async function seedMerchantIds(trx: Transaction<Database>): Promise<void> {
  const createdAt = new Date(Date.parse(REFERENCE_DATE) - 7 * 86_400_000).toISOString();
  const validatedAt = new Date(Date.parse(REFERENCE_DATE) - 6 * 86_400_000).toISOString();
  for (const { name, prefix } of MERCHANTS) {
    const merchant = await trx
      .selectFrom('merchants')
      .select('id')
      .where('name', '=', name)
      .executeTakeFirst();
    if (merchant === undefined) continue;
    const locations = await trx
      .selectFrom('locations')
      .select('id')
      .where('merchant_id', '=', merchant.id)
      .where('status', '=', 'ACTIVE')
      .orderBy('store_number')
      .limit(2)
      .execute();
    const [first, second = first] = locations;
    if (first === undefined || second === undefined) continue;
    const ids: { location: string; value: string; status: MerchantIdStatus }[] = [
      { location: first.id, value: withCheckDigit(`${prefix}0000012345`), status: 'VALIDATED' },
      { location: second.id, value: withWrongCheckDigit(`${prefix}0000067890`), status: 'FAILED' },
      { location: second.id, value: `ACQ${prefix}STORE2`, status: 'PENDING' },
    ];
    await trx
      .insertInto('acquirer_merchant_ids')
      .values(
        ids.map(({ location, value, status }) => ({
          id: stableId(`${merchant.id}:${value}`),
          merchant_id: merchant.id,
          location_id: location,
          acquirer_merchant_id: value,
          status,
          failure: status === 'FAILED' ? ('CHECK_DIGIT' as const) : null,
          created_at: createdAt,
          created_by_email: `payments@${name.toLowerCase().replace(/[^a-z]+/g, '-')}.example`,
          validated_at: status === 'PENDING' ? null : validatedAt,
          validated_by_email: status === 'PENDING' ? null : PROVIDER_EMAIL,
        })),
      )
      .execute();
  }
}
