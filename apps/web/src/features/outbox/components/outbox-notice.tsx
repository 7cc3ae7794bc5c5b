import { Alert } from '@mantine/core';
import { IconAlertTriangle, IconLock } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { usePublicConfig } from '../../../lib/public-config';

/**
 * What the outbox shows of account links (invitations, password resets): in demo mode everything, which
 * the page must say out loud; otherwise never (docs/decisions/0007).
 */
export function OutboxNotice() {
  const { t } = useTranslation('outbox');
  const { demo } = usePublicConfig();
  return demo ? (
    <Alert color="yellow" icon={<IconAlertTriangle aria-hidden />} title={t('notice.demoTitle')}>
      {t('notice.demo')}
    </Alert>
  ) : (
    <Alert color="blue" icon={<IconLock aria-hidden />} title={t('notice.accountLinksTitle')}>
      {t('notice.accountLinks')}
    </Alert>
  );
}
