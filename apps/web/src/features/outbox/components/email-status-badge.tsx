import type { EmailStatus } from '@portal/contracts/emails';
import { useTranslation } from 'react-i18next';
import { StatusBadge, type StatusColors } from '../../../components/status-badge';

const COLORS: StatusColors<EmailStatus> = {
  PENDING: 'yellow',
  SENT: 'green',
  KEPT: 'blue',
  FAILED: 'red',
};

export function EmailStatusBadge({ status }: { readonly status: EmailStatus }) {
  const { t } = useTranslation('outbox');
  return (
    <StatusBadge status={status} colors={COLORS}>
      {t(`status.${status}`)}
    </StatusBadge>
  );
}
