import { Badge, type MantineColor } from '@mantine/core';
import type { TransactionLabel } from '@portal/contracts/transactions';
import { useTranslation } from 'react-i18next';

const COLORS: Readonly<Record<TransactionLabel, MantineColor>> = {
  PENDING: 'gray',
  AUTHORIZED: 'blue',
  SETTLED: 'green',
  PARTIALLY_SETTLED: 'teal',
  REFUNDED: 'violet',
  PARTIALLY_REFUNDED: 'grape',
  CANCELLED: 'red',
  PARTIALLY_CANCELLED: 'orange',
  EXPIRED: 'dark',
};

/** The status with its partial state ("Partially refunded"); the dot's colour adds nothing the text lacks. */
export function StatusBadge({ label }: { readonly label: TransactionLabel }) {
  const { t } = useTranslation('transactions');
  return (
    <Badge variant="dot" color={COLORS[label]} tt="none" fw={600} c="dark.7">
      {t(`status.${label}`)}
    </Badge>
  );
}
