import { sql, type Kysely } from 'kysely';

/**
 * The targeting export leaves out every shopper who completed a checkout with the merchant since its
 * window began (docs/decisions/0019-targeting-export-at-scale.md): one look per shopper of the window.
 * This index holds, per merchant and e-mail, only the applications whose checkout was completed, with
 * the time, so that look reads the index alone, not each of the shopper's applications. The database
 * keeps it in step with every write. Frozen once landed.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createIndex('applications_merchant_email_completed_idx')
    .on('applications')
    .columns(['merchant_id', 'customer_email', 'checkout_completed_at'])
    .where(sql.ref('checkout_completed_at'), 'is not', null)
    .execute();
}
