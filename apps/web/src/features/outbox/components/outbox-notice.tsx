import { Alert } from '@mantine/core';
import { IconAlertTriangle, IconLock } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { usePublicConfig } from '../../../lib/public-config';

/**
 * What the outbox shows of account links (invitations, password resets): in demo mode everything, which
 * the page must say out loud; otherwise never (docs/decisions/0007). In the brand's colour, whose title
 * keeps the AA contrast on its light tint (brand-themes.ts); the icon tells the two apart.
 */
export function OutboxNotice() {
  const { t } = useTranslation('outbox');
  const { demo } = usePublicConfig();
  return demo ? (
    <Alert icon={<IconAlertTriangle aria-hidden />} title={t('notice.demoTitle')}>
      {t('notice.demo')}
    </Alert>
  ) : (
    <Alert icon={<IconLock aria-hidden />} title={t('notice.accountLinksTitle')}>
      {t('notice.accountLinks')}
    </Alert>
  );
}
