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

/**
 * Count, gross, settled and refunded of the whole filtered list, above the table; where a search matched
 * more than the API counts, each is a lower bound ("10,000+").
 */
export function TransactionTotalsView({
  totals,
  status,
  error,
  onRetry,
  refreshing,
  format,
}: TransactionTotalsViewProps) {
  const { t } = useTranslation('transactions');
  const { t: tLists } = useTranslation('lists');
  if (status === 'error') return <ErrorMessageBox error={error} onRetry={onRetry} />;
  const figure = (text: string) => (totals?.countIsCapped ? tLists('atLeast', { value: text }) : text);
  const figures = [
    { key: 'count', value: totals && figure(format.count(totals.count)) },
    { key: 'gross', value: totals && figure(format.money(totals.gross)) },
    { key: 'settled', value: totals && figure(format.money(totals.settled)) },
    { key: 'refunded', value: totals && figure(format.money(totals.refunded)) },
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
