import { PAYOUT_FREQUENCIES, SETTLEMENT_MODES } from '@portal/contracts/enums';
import { payoutScheduleIssues, type FundingConfiguration } from '@portal/contracts/funding';
import { z } from 'zod';

/**
 * The funding settings as the form edits them: the days as the texts of their selects ('' for none),
 * both kept while the frequency changes so that switching back restores them. What is saved (and
 * previewed) carries only the day of the chosen frequency, checked as the server checks it.
 */
export const fundingFormSchema = z
  .object({
    payoutFrequency: z.enum(PAYOUT_FREQUENCIES),
    payoutWeekday: z.string(),
    payoutDayOfMonth: z.string(),
    settlementMode: z.enum(SETTLEMENT_MODES),
  })
  .transform((values) => ({
    payoutFrequency: values.payoutFrequency,
    payoutWeekday:
      values.payoutFrequency === 'WEEKLY' && values.payoutWeekday !== ''
        ? Number(values.payoutWeekday)
        : null,
    payoutDayOfMonth:
      values.payoutFrequency === 'MONTHLY' && values.payoutDayOfMonth !== ''
        ? Number(values.payoutDayOfMonth)
        : null,
    settlementMode: values.settlementMode,
  }))
  .superRefine((schedule, context) => {
    for (const issue of payoutScheduleIssues(schedule)) {
      const message = issue.reason === undefined ? issue.message : `errors:refusal.${issue.reason}`;
      context.addIssue({ code: 'custom', path: [issue.path], message });
    }
  });
export type FundingFormInput = z.input<typeof fundingFormSchema>;

export function fundingFormValues(configuration: FundingConfiguration): FundingFormInput {
  return {
    payoutFrequency: configuration.payoutFrequency,
    payoutWeekday: configuration.payoutWeekday === null ? '' : String(configuration.payoutWeekday),
    payoutDayOfMonth: configuration.payoutDayOfMonth === null ? '' : String(configuration.payoutDayOfMonth),
    settlementMode: configuration.settlementMode,
  };
}
