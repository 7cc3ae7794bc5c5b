import type { LocationStatus } from '@portal/contracts/locations';
import { useTranslation } from 'react-i18next';
import { StatusBadge, type StatusColors } from '../../../components/status-badge';

const COLORS: StatusColors<LocationStatus> = { ACTIVE: 'green', INACTIVE: 'dark' };

export function LocationStatusBadge({ status }: { readonly status: LocationStatus }) {
  const { t } = useTranslation('locations');
  return (
    <StatusBadge status={status} colors={COLORS}>
      {t(`status.${status}`)}
    </StatusBadge>
  );
}
