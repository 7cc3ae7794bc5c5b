import { sql, type Kysely, type Transaction } from 'kysely';
import { preparedQuery } from '../../db/prepared-query.js';
import type { Database } from '../../db/schema.js';

type Db = Kysely<Database> | Transaction<Database>;

export interface ParticipationPage {
  showArchived: boolean;
  limit: number;
  offset: number;
}

/** A page of a merchant's participations in the stable order (created_at, id) of their index. */
export async function listParticipations(db: Db, merchantId: string, page: ParticipationPage) {
  let query = db.selectFrom('merchant_program_participations').where('merchant_id', '=', merchantId);
  if (!page.showArchived) query = query.where('deleted_at', 'is', null);
  const rows = await query
    .select(['id', 'program_id', 'merchant_id', 'created_at', 'deleted_at'])
    .orderBy('created_at')
    .orderBy('id')
    .limit(page.limit)
    .offset(page.offset)
    .execute();
  const { total } = await query
    .select((eb) => eb.fn.countAll<number>().as('total'))
    .executeTakeFirstOrThrow();
  return { rows, total };
}

/**
 * The program, with its tenant's brand, when the merchant takes part in it now (`activeOnly`) or took
 * part at any time (ended participations included). Asked for at every start of the portal, once per
 * program: compiled once per shape (db/prepared-query.ts). The brand and the participation are scalar
 * subqueries, not a join nor `exists`: SQLite plans those again whenever a parameter is bound anew
 * (every call), which cost about fifteen times the read itself (docs/decisions/0024).
 */
const participatedProgram = (activeOnly: boolean) =>
  preparedQuery((db, args: { merchantId: string; programId: string }) =>
    db
      .selectFrom('programs')
      .where('programs.id', '=', args.programId)
      .where((eb) => {
        let participation = eb
          .selectFrom('merchant_program_participations')
          .select('merchant_program_participations.id')
          .whereRef('merchant_program_participations.program_id', '=', 'programs.id')
          .where('merchant_program_participations.merchant_id', '=', args.merchantId);
        if (activeOnly)
          participation = participation.where('merchant_program_participations.deleted_at', 'is', null);
        // The same answer as `exists`. The limit is written in the text: PostgreSQL refuses a scalar
        // subquery of several rows (ended participations), and a bound limit is planned again too.
        return eb(participation.limit(sql.lit(1)).$asScalar(), 'is not', null);
      })
      .select((eb) => [
        'programs.id',
        'programs.name',
        'programs.channel',
        'programs.display_interest_rate_bps',
        'programs.checkout_mode',
        'programs.min_amount',
        'programs.max_amount',
        // Every program belongs to a tenant (a non-null key).
        eb
          .selectFrom('tenants')
          .select('tenants.brand')
          .whereRef('tenants.id', '=', 'programs.tenant_id')
          .$asScalar()
          .$notNull()
          .as('brand'),
      ]),
  );
const PARTICIPATED_PROGRAM = { active: participatedProgram(true), any: participatedProgram(false) };

export async function findParticipatedProgram(
  db: Db,
  merchantId: string,
  programId: string,
  { activeOnly }: { activeOnly: boolean },
) {
  const rows = await PARTICIPATED_PROGRAM[activeOnly ? 'active' : 'any'](db, { merchantId, programId });
  return rows[0];
}

/** The traits that derive the program flags, of the merchant's programs with an active participation. */
export async function listActiveProgramTraits(db: Db, merchantId: string) {
  return db
    .selectFrom('programs')
    .innerJoin('merchant_program_participations as p', 'p.program_id', 'programs.id')
    .where('p.merchant_id', '=', merchantId)
    .where('p.deleted_at', 'is', null)
    .select([
      'programs.channel',
      'programs.display_interest_rate_bps as displayInterestRateBPS',
      'programs.checkout_mode as checkoutMode',
    ])
    .execute();
}
