import { Loader, Stack, Text } from '@mantine/core';
import { SCOPES, hasScope } from '@portal/contracts/scopes';
import { useTranslation } from 'react-i18next';
import { ErrorMessageBox } from '../../components/error-message-box';
import { PageTitle } from '../../components/page-title';
import { useNotificationSettings } from '../../features/email-notifications/api/notification-settings';
import { DeliveryLog } from '../../features/email-notifications/components/delivery-log';
import { NotificationSettingsForm } from '../../features/email-notifications/components/notification-settings-form';
import { NotificationSettingsView } from '../../features/email-notifications/components/notification-settings-view';
import { recipientsOf } from '../../features/email-notifications/matrix-values';
import { useAuth } from '../../lib/auth/auth-context';
import { currentMerchantId } from '../../lib/merchant-selection/merchant-selection';

function EmailNotificationsPage({
  merchantId,
  canEdit,
}: {
  readonly merchantId: string;
  readonly canEdit: boolean;
}) {
  const { t } = useTranslation('notifications');
  const settings = useNotificationSettings(merchantId);
  return (
    <Stack gap="lg">
      <PageTitle page="emailNotifications" />
      <Text size="sm">{t('intro')}</Text>
      {settings.isError ? (
        <ErrorMessageBox error={settings.error} onRetry={() => void settings.refetch()} />
      ) : settings.data === undefined ? (
        <Loader size="sm" aria-label={t('loading')} />
      ) : (
        <>
          {canEdit ? (
            <NotificationSettingsForm merchantId={merchantId} settings={settings.data} />
          ) : (
            <NotificationSettingsView settings={settings.data} />
          )}
          <DeliveryLog
            merchantId={merchantId}
            recipients={recipientsOf(settings.data, settings.data.extraAddresses)}
          />
        </>
      )}
    </Stack>
  );
}

/**
 * `/email-notifications`: who on the merchant's side receives which event's e-mail, a test of each,
 * and what the outbox did with them. Read with `r:org.subscription`, changed with `w:org.subscription`.
 */
export function Component() {
  const { claims } = useAuth();
  const merchantId = claims ? currentMerchantId(claims) : null;
  // The signed-in shell renders pages only with a token for a chosen merchant.
  if (!claims || merchantId === null) return null;
  return (
    <EmailNotificationsPage
      key={merchantId}
      merchantId={merchantId}
      canEdit={hasScope(claims.scp, SCOPES.emailNotificationsEdit)}
    />
  );
}
