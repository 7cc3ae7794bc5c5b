import { Paper, SimpleGrid, Skeleton, Text } from '@mantine/core';
import type { TransactionTotals } from '@portal/contracts/transactions';
import { useTranslation } from 'react-i18next';
import { ErrorMessageBox } from '../../../components/error-message-box';
import type { Formatters } from '../../../lib/format/use-formatters';
import classes from './transactions.module.css';

export interface TransactionTotalsViewProps {
  readonly totals: TransactionTotals | undefined;
  readonly status: 'pending' | 'error' | 'success';
  readonly error: unknown;
  readonly onRetry: () => void;
  readonly refreshing: boolean;
  readonly format: Formatters;
}

/** Count, gross, settled and refunded of the whole filtered list, above the table. */
export function TransactionTotalsView({
  totals,
  status,
  error,
  onRetry,
  refreshing,
  format,
}: TransactionTotalsViewProps) {
  const { t } = useTranslation('transactions');
  if (status === 'error') return <ErrorMessageBox error={error} onRetry={onRetry} />;
  const figures = [
    { key: 'count', value: totals && format.count(totals.count) },
    { key: 'gross', value: totals && format.money(totals.gross) },
    { key: 'settled', value: totals && format.money(totals.settled) },
    { key: 'refunded', value: totals && format.money(totals.refunded) },
  ] as const;
  return (
    <section aria-label={t('list.totals')} aria-busy={status === 'pending' || refreshing}>
      <SimpleGrid component="dl" cols={{ base: 2, md: 4 }} spacing="sm" m={0}>
        {figures.map(({ key, value }) => (
          <Paper key={key} withBorder p="sm" radius="md">
            <Text component="dt" size="sm" c="dark.4" fw={500}>
              {t(`totals.${key}`)}
            </Text>
            <Text
              component="dd"
              m={0}
              fz="xl"
              fw={700}
              className={classes.figure}
              data-refreshing={refreshing || undefined}
            >
              {value ?? <Skeleton height={28} mt={4} width="70%" />}
            </Text>
          </Paper>
        ))}
      </SimpleGrid>
    </section>
  );
}
