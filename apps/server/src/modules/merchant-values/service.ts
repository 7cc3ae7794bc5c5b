import type { Kysely, Transaction } from 'kysely';
import { withTransaction } from '../../db/transaction.js';
import type { MerchantValues, MerchantValuesUpdate } from '@portal/contracts/merchant-values';
import type { Database } from '../../db/schema.js';
import { recordAudit, type AuditContext } from '../audit/record-audit.js';
import { programForMerchant } from '../programs/service.js';
import { deleteValue, listValues, upsertValue } from './repository.js';

async function read(
  db: Kysely<Database> | Transaction<Database>,
  programId: string,
  merchantId: string,
): Promise<MerchantValues> {
  const rows = await listValues(db, programId, merchantId);
  return {
    programID: programId,
    merchantID: merchantId,
    values: Object.fromEntries(rows.map((row) => [row.value_key, row.value])),
  };
}

/** The values of a program the merchant takes or took part in (403 otherwise). */
export async function merchantValues(
  db: Kysely<Database>,
  programId: string,
  merchantId: string,
): Promise<MerchantValues> {
  await programForMerchant(db, merchantId, programId);
  return read(db, programId, merchantId);
}

/**
 * Applies every key at once or none: `null` removes a key, a string sets it. Audited with the keys that
 * changed, before and after (null: absent).
 */
export async function updateMerchantValues(
  db: Kysely<Database>,
  audit: AuditContext,
  programId: string,
  merchantId: string,
  changes: MerchantValuesUpdate,
  now = new Date(),
): Promise<MerchantValues> {
  await programForMerchant(db, merchantId, programId);
  const at = now.toISOString();
  return withTransaction(db, async (trx) => {
    const { values } = await read(trx, programId, merchantId);
    const before: Record<string, string | null> = {};
    const after: Record<string, string | null> = {};
    for (const [key, value] of Object.entries(changes)) {
      const was = values[key] ?? null;
      if (value === was) continue;
      before[key] = was;
      after[key] = value;
      if (value === null) await deleteValue(trx, programId, merchantId, key);
      else await upsertValue(trx, { programId, merchantId, key, value, at });
    }
    if (Object.keys(after).length > 0) {
      await recordAudit(trx, audit, {
        merchantId,
        kind: 'merchant_values.updated',
        subjectType: 'program',
        subjectId: programId,
        before,
        after,
      });
    }
    return read(trx, programId, merchantId);
  });
}
