import type { Kysely, Selectable } from 'kysely';
import { withTransaction } from '../../db/transaction.js';
import { BRAND_PROFILES } from '@portal/contracts/brands';
import { DEPOSIT_CALENDAR_DAYS, payoutScheduleIssues } from '@portal/contracts/funding';
import type {
  DepositCalendar,
  DepositCalendarQuery,
  FundingConfiguration,
  FundingConfigurationUpdate,
  PayoutSchedule,
} from '@portal/contracts/funding';
import { answerDate } from '../../http/answer-dates.js';
import type { Database, FundingConfigurationsTable } from '../../db/schema.js';
import { AppError, forbidden, notFound, refused } from '../../http/app-error.js';
import { merchantToday } from '../../lib/time-zone.js';
import { recordAudit, type AuditContext } from '../audit/record-audit.js';
import { merchantContext } from '../merchants/service.js';
import { depositDaysAfter } from './deposit-calendar.js';
import { findConfiguration, findMerchantConfiguration, updateConfiguration } from './repository.js';

/** The same words whether the configuration does not exist or is another merchant's (docs/auth.md). */
const FUNDING_FORBIDDEN = refused('funding.no_access');

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
  if (row === undefined) throw notFound(refused('funding.not_configured'));
  return toConfiguration(row);
}

/** A schedule's problems as the 400 of a request, each at its field's path in `where`. */
function checkSchedule(schedule: PayoutSchedule, where: 'body' | 'query'): void {
  const issues = payoutScheduleIssues(schedule);
  if (issues.length > 0) {
    throw new AppError(400, 'VALIDATION_FAILED', refused('funding.schedule_invalid'), {
      details: issues.map((issue) => ({ ...issue, path: `${where}.${issue.path}` })),
    });
  }
}

const AUDITED = {
  payoutFrequency: 'payout_frequency',
  payoutWeekday: 'payout_weekday',
  payoutDayOfMonth: 'payout_day_of_month',
  settlementMode: 'settlement_mode',
} as const;

/**
 * Applies a partial change, with an audit entry of the fields it changed. The day that does not
 * belong to the resulting frequency is cleared unless the body sends it, in which case it is refused
 * with the other schedule problems (400, per field). Deposits already formed keep their day
 * (docs/decisions/0012); events written from now on are grouped by the new schedule.
 */
export async function updateFundingConfiguration(
  db: Kysely<Database>,
  audit: AuditContext,
  merchantId: string,
  configurationId: string,
  body: FundingConfigurationUpdate,
  now = new Date(),
): Promise<FundingConfiguration> {
  return withTransaction(db, async (trx) => {
    const current = await findConfiguration(trx, merchantId, configurationId);
    if (current === undefined) throw forbidden(FUNDING_FORBIDDEN);
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
    checkSchedule(schedule, 'body');
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
    const changed = Object.entries(AUDITED).filter(([, column]) => current[column] !== updated[column]);
    if (changed.length > 0) {
      await recordAudit(trx, audit, {
        merchantId,
        kind: 'funding.updated',
        subjectType: 'funding',
        subjectId: current.id,
        before: Object.fromEntries(changed.map(([field, column]) => [field, current[column]])),
        after: Object.fromEntries(changed.map(([field, column]) => [field, updated[column]])),
      });
    }
    return toConfiguration(updated);
  });
}

/** The merchant's payout schedule; a merchant without funding settings is paid daily. */
export async function payoutScheduleOf(db: Kysely<Database>, merchantId: string): Promise<PayoutSchedule> {
  const row = await findMerchantConfiguration(db, merchantId);
  return {
    payoutFrequency: row?.payout_frequency ?? 'DAILY',
    payoutWeekday: row?.payout_weekday ?? null,
    payoutDayOfMonth: row?.payout_day_of_month ?? null,
  };
}

/**
 * The next deposit days of the merchant (`DEPOSIT_CALENDAR_DAYS` of them, after its today), by its saved
 * schedule or, when the query sends one, by the schedule being edited; its brand's bank holidays are
 * skipped. The first is the settlement report's next deposit (same calendar, same today).
 */
export async function depositCalendar(
  db: Kysely<Database>,
  merchantId: string,
  query: DepositCalendarQuery,
  now = new Date(),
): Promise<DepositCalendar> {
  const schedule =
    query.payoutFrequency === undefined
      ? await payoutScheduleOf(db, merchantId)
      : {
          payoutFrequency: query.payoutFrequency,
          payoutWeekday: query.payoutWeekday ?? null,
          payoutDayOfMonth: query.payoutDayOfMonth ?? null,
        };
  checkSchedule(schedule, 'query');
  const context = await merchantContext(db, merchantId);
  const today = merchantToday(context.timeZone, now);
  const { country } = BRAND_PROFILES[context.brand];
  return { today, country, days: depositDaysAfter(schedule, country, today, DEPOSIT_CALENDAR_DAYS) };
}
