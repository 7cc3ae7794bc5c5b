import type { TransactionLabel } from '@portal/contracts/transactions';
import { useTranslation } from 'react-i18next';
import { StatusBadge, type StatusColors } from '../../../components/status-badge';

const COLORS: StatusColors<TransactionLabel> = {
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

/** The status with its partial state ("Partially refunded"). */
export function TransactionStatusBadge({ label }: { readonly label: TransactionLabel }) {
  const { t } = useTranslation('transactions');
  return (
    <StatusBadge status={label} colors={COLORS}>
      {t(`status.${label}`)}
    </StatusBadge>
  );
}
