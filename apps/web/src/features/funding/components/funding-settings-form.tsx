import { Fieldset, Paper, SimpleGrid, Stack } from '@mantine/core';
import { PAYOUT_FREQUENCIES, SETTLEMENT_MODES } from '@portal/contracts/enums';
import { PAYOUT_DAY_OF_MONTH_RANGE, PAYOUT_WEEKDAY_RANGE } from '@portal/contracts/funding';
import type { QueryKey } from '@tanstack/react-query';
import { useMemo } from 'react';
import { useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useFormattingLocale } from '../../../lib/format/use-formatters';
import { SelectField } from '../../../lib/forms/choice-fields';
import { SettingsFormFrame } from '../../../lib/forms/settings-form-frame';
import { useSettingsForm } from '../../../lib/forms/use-settings-form';
import { useFundingConfiguration } from '../api/funding-configuration';
import { useUpdateFundingConfiguration } from '../api/update-funding-configuration';
import { fundingFormSchema, fundingFormValues } from '../funding-form';
import { DepositCalendarPreview } from './deposit-calendar-preview';

const range = ({ min, max }: { min: number; max: number }) =>
  Array.from({ length: max - min + 1 }, (_, index) => min + index);

/** ISO weekdays 1–7 named in the user's language (2024-01-01 was a Monday). */
function weekdayNames(locale: string) {
  const names = new Intl.DateTimeFormat(locale, { weekday: 'long', timeZone: 'UTC' });
  return range(PAYOUT_WEEKDAY_RANGE).map((weekday) => ({
    value: String(weekday),
    label: names.format(new Date(Date.UTC(2024, 0, weekday))),
  }));
}

/**
 * The merchant's funding settings: how often it is paid (daily, weekly on a weekday, monthly on a day)
 * and how fees are settled, with the deposit days of the schedule as it is being edited. Read-only for
 * a user without `u:funding_settings`.
 */
export function FundingSettingsForm({
  merchantId,
  readOnly,
  dependents,
}: {
  readonly merchantId: string;
  readonly readOnly: boolean;
  /** Queries of other features that show deposit days: read again once a change is saved. */
  readonly dependents: readonly QueryKey[];
}) {
  const { t } = useTranslation('funding');
  const locale = useFormattingLocale();
  const query = useFundingConfiguration(merchantId);
  const mutation = useUpdateFundingConfiguration(merchantId, dependents);
  const values = useMemo(() => (query.data ? fundingFormValues(query.data) : undefined), [query.data]);
  const configurationID = query.data?.id ?? '';
  const settings = useSettingsForm({
    section: 'funding',
    schema: fundingFormSchema,
    values,
    save: async (body) => fundingFormValues(await mutation.mutateAsync({ configurationID, body })),
    savedMessage: { key: 'funding:saved' },
    readOnly,
  });
  const { control } = settings.form;
  const edited = useWatch({ control });
  const frequency = edited.payoutFrequency;
  // The days of the schedule on screen once it is complete; until then, those of the saved one.
  const parsed = fundingFormSchema.safeParse(edited);
  const schedule = parsed.success
    ? {
        payoutFrequency: parsed.data.payoutFrequency,
        payoutWeekday: parsed.data.payoutWeekday,
        payoutDayOfMonth: parsed.data.payoutDayOfMonth,
      }
    : null;
  const weekdays = useMemo(() => weekdayNames(locale), [locale]);
  const days = useMemo(
    () => range(PAYOUT_DAY_OF_MONTH_RANGE).map((day) => ({ value: String(day), label: String(day) })),
    [],
  );
  return (
    <Stack gap="lg">
      <Paper withBorder radius="md" p="lg" maw={760}>
        <SettingsFormFrame
          settings={settings}
          submitLabel={t('save')}
          loadError={query.isError ? { error: query.error, retry: () => void query.refetch() } : undefined}
        >
          <Fieldset legend={t('sections.schedule')} variant="unstyled">
            <SimpleGrid cols={{ base: 1, sm: 2 }}>
              <SelectField
                control={control}
                name="payoutFrequency"
                label={t('fields.payoutFrequency')}
                data={PAYOUT_FREQUENCIES.map((value) => ({ value, label: t(`frequencies.${value}`) }))}
                required
              />
              {frequency === 'WEEKLY' && (
                <SelectField
                  control={control}
                  name="payoutWeekday"
                  label={t('fields.payoutWeekday')}
                  data={weekdays}
                  required
                />
              )}
              {frequency === 'MONTHLY' && (
                <SelectField
                  control={control}
                  name="payoutDayOfMonth"
                  label={t('fields.payoutDayOfMonth')}
                  description={t('hints.payoutDayOfMonth')}
                  data={days}
                  required
                />
              )}
            </SimpleGrid>
          </Fieldset>
          <Fieldset legend={t('sections.settlement')} variant="unstyled">
            <SelectField
              control={control}
              name="settlementMode"
              label={t('fields.settlementMode')}
              description={t(`hints.settlementMode.${edited.settlementMode ?? 'NET'}`)}
              data={SETTLEMENT_MODES.map((value) => ({ value, label: t(`settlementModes.${value}`) }))}
              required
            />
          </Fieldset>
        </SettingsFormFrame>
      </Paper>
      {query.data !== undefined && <DepositCalendarPreview merchantId={merchantId} schedule={schedule} />}
    </Stack>
  );
}
