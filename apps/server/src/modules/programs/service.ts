import type { Kysely } from 'kysely';
import { BRAND_PROFILES } from '@portal/contracts/brands';
import {
  deriveProgramFlags,
  type Participation,
  type Program,
  type ProgramFlags,
} from '@portal/contracts/programs';
import type { Pagination } from '@portal/contracts/api';
import { answerDate, answerDateOrNull } from '../../http/answer-dates.js';
import type { Database } from '../../db/schema.js';
import { forbidden, refused } from '../../http/app-error.js';
import { findParticipatedProgram, listActiveProgramTraits, listParticipations } from './repository.js';
import type { ParticipationPage } from './repository.js';

/** The same words whether the program does not exist or belongs to other merchants (docs/auth.md). */
const PROGRAM_FORBIDDEN = refused('program.no_access');

export async function participationsPage(
  db: Kysely<Database>,
  merchantId: string,
  page: ParticipationPage,
): Promise<{ items: Participation[]; pagination: Pagination }> {
  const { rows, total } = await listParticipations(db, merchantId, page);
  return {
    items: rows.map((row) => ({
      id: row.id,
      programID: row.program_id,
      merchantID: row.merchant_id,
      createdAt: answerDate(row.created_at),
      deletedAt: answerDateOrNull(row.deleted_at),
    })),
    pagination: { offset: page.offset, limit: page.limit, total },
  };
}

/**
 * The program when the merchant takes part in it (`active`: now; otherwise at any time, so that the
 * history of an ended participation stays readable); 403 otherwise.
 */
export async function programForMerchant(
  db: Kysely<Database>,
  merchantId: string,
  programId: string,
  { active = false }: { active?: boolean } = {},
): Promise<Program> {
  const row = await findParticipatedProgram(db, merchantId, programId, { activeOnly: active });
  if (row === undefined) throw forbidden(PROGRAM_FORBIDDEN);
  const currency = BRAND_PROFILES[row.brand].currency;
  return {
    id: row.id,
    name: row.name,
    channel: row.channel,
    displayInterestRateBPS: row.display_interest_rate_bps,
    checkoutMode: row.checkout_mode,
    minAmount: { currency, value: row.min_amount },
    maxAmount: { currency, value: row.max_amount },
  };
}

/** The merchant's derived program flags (specification §4), from its active participations only. */
export async function programFlagsOf(db: Kysely<Database>, merchantId: string): Promise<ProgramFlags> {
  return deriveProgramFlags(await listActiveProgramTraits(db, merchantId));
}
