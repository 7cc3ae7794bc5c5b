import { randomUUID } from 'node:crypto';
import type { ExpressionBuilder, Insertable, Kysely, Transaction } from 'kysely';
import type { ConfigurationKey, EnrollmentStatus, ProductType } from '@portal/contracts/enums';
import type { Database, PaymentProductEnrollmentsTable } from '../../db/schema.js';

type Db = Kysely<Database> | Transaction<Database>;

interface Page {
  limit: number;
  offset: number;
}

export async function listProducts(
  db: Db,
  programId: string,
  filter: { productType?: ProductType | undefined } & Page,
) {
  let query = db.selectFrom('payment_products').where('program_id', '=', programId);
  if (filter.productType !== undefined) query = query.where('product_type', '=', filter.productType);
  const rows = await query
    .selectAll()
    .orderBy('created_at')
    .orderBy('id')
    .limit(filter.limit)
    .offset(filter.offset)
    .execute();
  const { total } = await query
    .select((eb) => eb.fn.countAll<number>().as('total'))
    .executeTakeFirstOrThrow();
  return { rows, total };
}

export async function findProduct(db: Db, programId: string, productId: string) {
  return db
    .selectFrom('payment_products')
    .where('id', '=', productId)
    .where('program_id', '=', programId)
    .select(['id', 'program_id'])
    .executeTakeFirst();
}

/** The program's defaults and the merchant's own values; other merchants' values stay hidden. */
function visibleConfiguration(merchantId: string) {
  return (eb: ExpressionBuilder<Database, 'payment_product_configurations'>) =>
    eb.or([
      eb('payment_product_configurations.owner_type', 'is', null),
      eb.and([
        eb('payment_product_configurations.owner_type', '=', 'MERCHANT'),
        eb('payment_product_configurations.owner_id', '=', merchantId),
      ]),
    ]);
}

export async function listConfigurations(
  db: Db,
  programId: string,
  merchantId: string,
  filter: { paymentProductID?: string | undefined; key?: ConfigurationKey | undefined } & Page,
) {
  let query = db
    .selectFrom('payment_product_configurations')
    .where('program_id', '=', programId)
    .where(visibleConfiguration(merchantId));
  if (filter.paymentProductID !== undefined)
    query = query.where('payment_product_id', '=', filter.paymentProductID);
  if (filter.key !== undefined) query = query.where('config_key', '=', filter.key);
  const rows = await query
    .selectAll()
    .orderBy('payment_product_id')
    .orderBy('config_key')
    .orderBy('id')
    .limit(filter.limit)
    .offset(filter.offset)
    .execute();
  const { total } = await query
    .select((eb) => eb.fn.countAll<number>().as('total'))
    .executeTakeFirstOrThrow();
  return { rows, total };
}

type EnrollmentsBuilder = ExpressionBuilder<Database, 'payment_product_enrollments'>;

/** The status of an enrollment at `now` as SQL (ISO text compares in time order on both dialects). */
function hasStatus(status: EnrollmentStatus, now: string) {
  return (eb: EnrollmentsBuilder) => {
    switch (status) {
      case 'SCHEDULED':
        return eb('payment_product_enrollments.effective_from', '>', now);
      case 'ACTIVE':
        return eb.and([
          eb('payment_product_enrollments.effective_from', '<=', now),
          eb.or([
            eb('payment_product_enrollments.effective_to', 'is', null),
            eb('payment_product_enrollments.effective_to', '>', now),
          ]),
        ]);
      case 'LAPSED':
        return eb('payment_product_enrollments.effective_to', '<=', now);
    }
  };
}

/** Per product type of the program: products, visible configurations, the merchant's active enrollments. */
export async function aggregateProducts(db: Db, programId: string, merchantId: string, now: string) {
  const products = await db
    .selectFrom('payment_products')
    .where('program_id', '=', programId)
    .groupBy('product_type')
    .select((eb) => ['product_type', eb.fn.countAll<number>().as('count')])
    .execute();
  const configurations = await db
    .selectFrom('payment_product_configurations')
    .innerJoin('payment_products', 'payment_products.id', 'payment_product_configurations.payment_product_id')
    .where('payment_product_configurations.program_id', '=', programId)
    .where(visibleConfiguration(merchantId))
    .groupBy('payment_products.product_type')
    .select((eb) => ['payment_products.product_type', eb.fn.countAll<number>().as('count')])
    .execute();
  const activeEnrollments = await db
    .selectFrom('payment_product_enrollments')
    .innerJoin('payment_products', 'payment_products.id', 'payment_product_enrollments.payment_product_id')
    .where('payment_product_enrollments.program_id', '=', programId)
    .where('payment_product_enrollments.merchant_id', '=', merchantId)
    .where(hasStatus('ACTIVE', now))
    .groupBy('payment_products.product_type')
    .select((eb) => ['payment_products.product_type', eb.fn.countAll<number>().as('count')])
    .execute();
  return { products, configurations, activeEnrollments };
}

export interface EnrollmentFilter extends Page {
  programID?: string | undefined;
  paymentProductID?: string | undefined;
  status?: EnrollmentStatus | undefined;
}

export async function listEnrollments(db: Db, merchantId: string, filter: EnrollmentFilter, now: string) {
  let query = db.selectFrom('payment_product_enrollments').where('merchant_id', '=', merchantId);
  if (filter.programID !== undefined) query = query.where('program_id', '=', filter.programID);
  if (filter.paymentProductID !== undefined)
    query = query.where('payment_product_id', '=', filter.paymentProductID);
  if (filter.status !== undefined) query = query.where(hasStatus(filter.status, now));
  const rows = await query
    .selectAll()
    .orderBy('effective_from')
    .orderBy('id')
    .limit(filter.limit)
    .offset(filter.offset)
    .execute();
  const { total } = await query
    .select((eb) => eb.fn.countAll<number>().as('total'))
    .executeTakeFirstOrThrow();
  return { rows, total };
}

export async function findEnrollment(db: Db, merchantId: string, enrollmentId: string) {
  return db
    .selectFrom('payment_product_enrollments')
    .where('id', '=', enrollmentId)
    .where('merchant_id', '=', merchantId)
    .selectAll()
    .executeTakeFirst();
}

/** Another enrollment of the merchant in the same product whose period meets [from, to). */
export async function findOverlappingEnrollment(
  db: Db,
  merchantId: string,
  productId: string,
  period: { from: string; to: string | null; exceptId?: string },
) {
  let query = db
    .selectFrom('payment_product_enrollments')
    .where('merchant_id', '=', merchantId)
    .where('payment_product_id', '=', productId)
    .where((eb) => eb.or([eb('effective_to', 'is', null), eb('effective_to', '>', period.from)]));
  if (period.to !== null) query = query.where('effective_from', '<', period.to);
  if (period.exceptId !== undefined) query = query.where('id', '<>', period.exceptId);
  return query.select('id').executeTakeFirst();
}

/**
 * Serialises enrollment changes of one merchant in one program on PostgreSQL by locking the
 * participation, so that two concurrent writes cannot both pass the overlap check. SQLite has one
 * writer at a time already.
 */
export async function lockParticipation(trx: Transaction<Database>, merchantId: string, programId: string) {
  await trx
    .selectFrom('merchant_program_participations')
    .where('merchant_id', '=', merchantId)
    .where('program_id', '=', programId)
    .where('deleted_at', 'is', null)
    .select('id')
    .forUpdate()
    .execute();
}

/** The product type of the program's first product, or undefined for a program without products. */
export async function firstProductType(db: Db, programId: string): Promise<ProductType | undefined> {
  const product = await db
    .selectFrom('payment_products')
    .select('product_type')
    .where('program_id', '=', programId)
    .orderBy('created_at')
    .orderBy('id')
    .executeTakeFirst();
  return product?.product_type;
}

export async function insertEnrollment(
  db: Db,
  row: Insertable<PaymentProductEnrollmentsTable>,
): Promise<void> {
  await db.insertInto('payment_product_enrollments').values(row).execute();
}

export async function setEnrollmentPeriod(
  db: Db,
  id: string,
  period: { from: string; to: string | null; at: string },
): Promise<void> {
  await db
    .updateTable('payment_product_enrollments')
    .set({ effective_from: period.from, effective_to: period.to, updated_at: period.at })
    .where('id', '=', id)
    .execute();
}

/** Removes an enrollment that never took effect. */
export async function deleteEnrollment(db: Db, id: string): Promise<void> {
  await db.deleteFrom('payment_product_enrollments').where('id', '=', id).execute();
}

/**
 * The configuration values (the program's defaults and the merchant's own) of every product the merchant
 * is enrolled in at `now`, with the product's type: what its on-site message offers.
 */
export async function activeEnrollmentConfigurations(
  db: Db,
  merchantId: string,
  now: string,
  programId: string | undefined,
) {
  let query = db
    .selectFrom('payment_product_enrollments')
    .innerJoin('payment_products', 'payment_products.id', 'payment_product_enrollments.payment_product_id')
    .innerJoin('payment_product_configurations', (join) =>
      join
        .onRef(
          'payment_product_configurations.payment_product_id',
          '=',
          'payment_product_enrollments.payment_product_id',
        )
        .onRef('payment_product_configurations.program_id', '=', 'payment_product_enrollments.program_id'),
    )
    .where('payment_product_enrollments.merchant_id', '=', merchantId)
    .where(hasStatus('ACTIVE', now))
    .where(visibleConfiguration(merchantId));
  if (programId !== undefined) query = query.where('payment_product_enrollments.program_id', '=', programId);
  return query
    .select([
      'payment_product_enrollments.id as enrollment_id',
      'payment_products.product_type',
      'payment_product_configurations.config_key',
      'payment_product_configurations.config_value',
      'payment_product_configurations.owner_type',
    ])
    .orderBy('payment_product_enrollments.id')
    .execute();
}

/** The merchant's own values of a product (owner MERCHANT), key → value. */
export async function merchantTermValues(db: Db, merchantId: string, productId: string) {
  const rows = await db
    .selectFrom('payment_product_configurations')
    .where('payment_product_id', '=', productId)
    .where('owner_type', '=', 'MERCHANT')
    .where('owner_id', '=', merchantId)
    .select(['config_key', 'config_value'])
    .execute();
  return Object.fromEntries(rows.map((row) => [row.config_key, row.config_value])) as Partial<
    Record<ConfigurationKey, string>
  >;
}

/** Replaces the merchant's own values of a product with these. */
export async function replaceMerchantTermValues(
  trx: Transaction<Database>,
  target: { merchantId: string; programId: string; productId: string },
  values: Readonly<Record<ConfigurationKey, string>>,
): Promise<void> {
  await trx
    .deleteFrom('payment_product_configurations')
    .where('payment_product_id', '=', target.productId)
    .where('owner_type', '=', 'MERCHANT')
    .where('owner_id', '=', target.merchantId)
    .execute();
  await trx
    .insertInto('payment_product_configurations')
    .values(
      Object.entries(values).map(([key, value]) => ({
        id: randomUUID(),
        program_id: target.programId,
        payment_product_id: target.productId,
        config_key: key as ConfigurationKey,
        config_value: value,
        owner_type: 'MERCHANT' as const,
        owner_id: target.merchantId,
      })),
    )
    .execute();
}
