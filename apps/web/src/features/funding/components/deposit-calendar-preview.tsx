import { List, Paper, Text, Title } from '@mantine/core';
import type { PayoutSchedule } from '@portal/contracts/funding';
import { useTranslation } from 'react-i18next';
import { ErrorMessageBox } from '../../../components/error-message-box';
import { formatDay } from '../../../lib/format/date-time';
import { useFormattingLocale } from '../../../lib/format/use-formatters';
import { useDepositCalendar } from '../api/deposit-calendar';

/**
 * The next deposit days of a schedule (null: the saved one), as the server's deposit calendar gives
 * them: business days without the bank holidays of the brand's country. The first is the settlement
 * report's next deposit once the schedule is saved.
 */
export function DepositCalendarPreview({
  merchantId,
  schedule,
}: {
  readonly merchantId: string;
  readonly schedule: PayoutSchedule | null;
}) {
  const { t } = useTranslation('funding');
  const locale = useFormattingLocale();
  const calendar = useDepositCalendar(merchantId, schedule);
  return (
    <Paper withBorder radius="md" p="lg" maw={760} aria-labelledby="deposit-calendar-title">
      <Title order={2} size="h4" id="deposit-calendar-title">
        {t('calendar.title')}
      </Title>
      {calendar.isError ? (
        <ErrorMessageBox error={calendar.error} onRetry={() => void calendar.refetch()} />
      ) : (
        <>
          <Text size="sm" c="dark.4" mb="sm">
            {t(`calendar.intro.${calendar.data?.country ?? 'US'}`)}
          </Text>
          <List type="ordered" aria-label={t('calendar.list')} aria-busy={calendar.isFetching} spacing={4}>
            {calendar.data?.days.map((day) => (
              <List.Item key={day}>
                <time dateTime={day}>{formatDay(day, locale)}</time>
              </List.Item>
            ))}
          </List>
        </>
      )}
    </Paper>
  );
}
