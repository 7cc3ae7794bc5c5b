import type { CartStatus } from '@portal/contracts/carts';
import { useTranslation } from 'react-i18next';
import { StatusBadge, type StatusColors } from '../../../components/status-badge';

const COLORS: StatusColors<CartStatus> = {
  ACTIVE: 'blue',
  SENT: 'teal',
  COMPLETED: 'green',
  DECLINED: 'orange',
  EXPIRED: 'dark',
};

export function CartStatusBadge({ status }: { readonly status: CartStatus }) {
  const { t } = useTranslation('carts');
  return (
    <StatusBadge status={status} colors={COLORS}>
      {t(`status.${status}`)}
    </StatusBadge>
  );
}
