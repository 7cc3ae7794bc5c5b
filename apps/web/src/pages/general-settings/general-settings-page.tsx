import { Anchor, Stack, Text } from '@mantine/core';
import { PAGES } from '@portal/contracts/routes';
import { SCOPES, hasScope } from '@portal/contracts/scopes';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { PageTitle } from '../../components/page-title';
import { GeneralSettingsForm } from '../../features/merchants/components/general-settings-form';
import { useAuth } from '../../lib/auth/auth-context';
import { currentMerchantId } from '../../lib/merchant-selection/merchant-selection';

/** `/account-settings` and `/general-settings`: the merchant's General settings, and the way to a new password. */
export function Component() {
  const { t } = useTranslation('generalSettings');
  const { claims } = useAuth();
  const merchantId = claims ? currentMerchantId(claims) : null;
  // The signed-in shell renders pages only with a token for a chosen merchant.
  if (!claims || merchantId === null) return null;
  return (
    <Stack gap="md">
      <PageTitle page="generalSettings" />
      <GeneralSettingsForm
        key={merchantId}
        merchantId={merchantId}
        readOnly={!hasScope(claims.scp, SCOPES.merchantSettingsEdit)}
      />
      {hasScope(claims.scp, SCOPES.passwordChange) && (
        <Text size="sm">
          {t('password.intro')}{' '}
          <Anchor component={Link} to={PAGES.changePassword.path}>
            {t('password.link')}
          </Anchor>
        </Text>
      )}
    </Stack>
  );
}
