import { Group, Paper, Stack, Text } from '@mantine/core';
import type { CartTotals } from '@portal/contracts/carts';
import type { Currency } from '@portal/contracts/money';
import { useTranslation } from 'react-i18next';
import { useFormatters } from '../../../lib/format/use-formatters';

export interface CartTotalsViewProps {
  readonly totals: CartTotals;
  readonly currency: Currency;
  /** In the form: announced politely as the user types. */
  readonly live?: boolean;
}

/** Subtotal, tax, shipping, discount and total of a cart. */
export function CartTotalsView({ totals, currency, live = false }: CartTotalsViewProps) {
  const { t } = useTranslation('carts');
  const format = useFormatters('UTC');
  const money = (value: number) => format.money({ currency, value });
  const rows = [
    ['subtotal', money(totals.subtotal)],
    ['tax', money(totals.tax)],
    ['shipping', money(totals.shipping)],
    ['discount', `−${money(totals.discount)}`],
  ] as const;
  return (
    <Paper withBorder p="md" maw={360} aria-label={t('totals.label')} role="region">
      <Stack gap={4} aria-live={live ? 'polite' : undefined}>
        {rows.map(([key, value]) => (
          <Group key={key} justify="space-between">
            <Text size="sm">{t(`totals.${key}`)}</Text>
            <Text size="sm">{value}</Text>
          </Group>
        ))}
        <Group justify="space-between">
          <Text fw={700}>{t('totals.total')}</Text>
          <Text fw={700} data-testid="cart-total">
            {money(totals.total)}
          </Text>
        </Group>
      </Stack>
    </Paper>
  );
}
