import type { UserStatus } from '@portal/contracts/enums';
import { useTranslation } from 'react-i18next';
import { StatusBadge, type StatusColors } from '../../../components/status-badge';

const COLORS: StatusColors<UserStatus> = {
  INVITED: 'blue',
  ACTIVE: 'green',
  DISABLED: 'gray',
};

export function UserStatusBadge({ status }: { readonly status: UserStatus }) {
  const { t } = useTranslation('users');
  return (
    <StatusBadge status={status} colors={COLORS}>
      {t(`status.${status}`)}
    </StatusBadge>
  );
}
