import { Group, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import type { BankAccount } from '@portal/contracts/bank-information';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { StatusBadge, type StatusColors } from '../../../components/status-badge';
import { formatDate } from '../../../lib/i18n/format';
import { useFormatters } from '../../../lib/format/use-formatters';

const STATUS_COLORS: StatusColors<BankAccount['status']> = {
  PENDING: 'yellow',
  CONFIRMED: 'green',
  CANCELLED: 'gray',
  EXPIRED: 'red',
};

interface AccountCardProps {
  readonly title: string;
  readonly account: BankAccount;
  /** The merchant's zone, in which the page's times are shown. */
  readonly timeZone: string;
  /** Buttons for a pending change. */
  readonly children?: ReactNode;
}

/** An account as the page shows it: holder, bank, type, and the number as its last four digits only. */
export function AccountCard({ title, account, timeZone, children }: AccountCardProps) {
  const { t } = useTranslation('bankInformation');
  const { locale, dateTime } = useFormatters(timeZone);
  const field = (label: string, value: string) => (
    <div>
      <Text size="xs" c="dark.4">
        {label}
      </Text>
      <Text size="sm">{value}</Text>
    </div>
  );
  return (
    <Paper withBorder radius="md" p="lg" maw={760} component="section" aria-label={title}>
      <Stack gap="sm">
        <Group justify="space-between">
          <Title order={2} size="h4">
            {title}
          </Title>
          <StatusBadge status={account.status} colors={STATUS_COLORS}>
            {t(`status.${account.status}`)}
          </StatusBadge>
        </Group>
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          {field(t('fields.holderName'), account.holderName)}
          {field(t('fields.bankName'), account.bankName)}
          {field(t('fields.accountType'), t(`accountTypes.${account.accountType}`))}
          {field(t('fields.account'), t('masked', { last4: account.accountLast4 }))}
          {account.effectiveFrom !== null &&
            field(
              t('fields.effectiveFrom'),
              formatDate(account.effectiveFrom, { locale, timeZone, style: 'long' }),
            )}
          {account.status === 'PENDING' && field(t('fields.expiresAt'), dateTime(account.expiresAt))}
        </SimpleGrid>
        <Text size="xs" c="dark.4">
          {t('requestedBy', { email: account.requestedByEmail, at: dateTime(account.requestedAt) })}
          {account.confirmedAt !== null &&
            account.confirmedByEmail !== null &&
            ` ${t(`confirmedBy.${account.confirmedThrough ?? 'ADMIN'}`, {
              email: account.confirmedByEmail,
              at: dateTime(account.confirmedAt),
            })}`}
        </Text>
        {children}
      </Stack>
    </Paper>
  );
}
