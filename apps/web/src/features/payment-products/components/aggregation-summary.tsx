import { Paper, SimpleGrid, Text } from '@mantine/core';
import type { PaymentProductAggregate } from '@portal/contracts/payment-products';
import { useTranslation } from 'react-i18next';

/** Per product type of the program: its products, configuration values and the merchant's active enrollments. */
export function AggregationSummary({
  aggregation,
}: {
  readonly aggregation: readonly PaymentProductAggregate[];
}) {
  const { t } = useTranslation('paymentProducts');
  return (
    <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="sm">
      {aggregation.map((entry) => (
        <Paper key={entry.productType} withBorder p="sm" data-product-type={entry.productType}>
          <Text fw={600}>{t(`productTypes.${entry.productType}`)}</Text>
          <Text size="sm">{t('summary.products', { count: entry.products })}</Text>
          <Text size="sm">{t('summary.configurations', { count: entry.configurations })}</Text>
          <Text size="sm">{t('summary.active', { count: entry.activeEnrollments })}</Text>
        </Paper>
      ))}
    </SimpleGrid>
  );
}
