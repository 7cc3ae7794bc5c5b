import type { Kysely, Selectable } from 'kysely';
import { payoutScheduleIssues } from '@portal/contracts/funding';
import type { FundingConfiguration, FundingConfigurationUpdate } from '@portal/contracts/funding';
import { answerDate } from '../../http/answer-dates.js';
import type { Database, FundingConfigurationsTable } from '../../db/schema.js';
import { AppError, forbidden, notFound } from '../../http/app-error.js';
import { findConfiguration, findMerchantConfiguration, updateConfiguration } from './repository.js';

/** The same words whether the configuration does not exist or is another merchant's (docs/auth.md). */
export const FUNDING_FORBIDDEN_MESSAGE = 'You do not have access to this funding configuration';

type Row = Selectable<FundingConfigurationsTable>;

function toConfiguration(row: Row): FundingConfiguration {
  return {
    id: row.id,
    merchantID: row.merchant_id,
    payoutFrequency: row.payout_frequency,
    payoutWeekday: row.payout_weekday,
    payoutDayOfMonth: row.payout_day_of_month,
    settlementMode: row.settlement_mode,
    createdAt: answerDate(row.created_at),
    updatedAt: answerDate(row.updated_at),
  };
}

export async function fundingConfiguration(
  db: Kysely<Database>,
  merchantId: string,
): Promise<FundingConfiguration> {
  const row = await findMerchantConfiguration(db, merchantId);
  if (row === undefined) throw notFound('The merchant has no funding configuration yet');
  return toConfiguration(row);
}

/**
 * Applies a partial change. The day that does not belong to the resulting frequency is cleared unless
 * the body sends it, in which case it is refused with the other schedule problems (400, per field).
 */
export async function updateFundingConfiguration(
  db: Kysely<Database>,
  merchantId: string,
  configurationId: string,
  body: FundingConfigurationUpdate,
  now = new Date(),
): Promise<FundingConfiguration> {
  return db.transaction().execute(async (trx) => {
    const current = await findConfiguration(trx, merchantId, configurationId);
    if (current === undefined) throw forbidden(FUNDING_FORBIDDEN_MESSAGE);
    const payoutFrequency = body.payoutFrequency ?? current.payout_frequency;
    const kept = (value: number | null, keepFor: string) => (payoutFrequency === keepFor ? value : null);
    const schedule = {
      payoutFrequency,
      payoutWeekday:
        body.payoutWeekday === undefined ? kept(current.payout_weekday, 'WEEKLY') : body.payoutWeekday,
      payoutDayOfMonth:
        body.payoutDayOfMonth === undefined
          ? kept(current.payout_day_of_month, 'MONTHLY')
          : body.payoutDayOfMonth,
    };
    const issues = payoutScheduleIssues(schedule);
    if (issues.length > 0) {
      throw new AppError(400, 'VALIDATION_FAILED', 'The payout schedule is not valid', {
        details: issues.map((issue) => ({ path: `body.${issue.path}`, message: issue.message })),
      });
    }
    const updated: Row = {
      ...current,
      payout_frequency: schedule.payoutFrequency,
      payout_weekday: schedule.payoutWeekday,
      payout_day_of_month: schedule.payoutDayOfMonth,
      settlement_mode: body.settlementMode ?? current.settlement_mode,
      updated_at: now.toISOString(),
    };
    await updateConfiguration(trx, current.id, {
      payout_frequency: updated.payout_frequency,
      payout_weekday: updated.payout_weekday,
      payout_day_of_month: updated.payout_day_of_month,
      settlement_mode: updated.settlement_mode,
      updated_at: updated.updated_at,
    });
    return toConfiguration(updated);
  });
}
