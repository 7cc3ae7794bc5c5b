import { Stack, Text } from '@mantine/core';
import { SCOPES, hasScope } from '@portal/contracts/scopes';
import { useTranslation } from 'react-i18next';
import { PageTitle } from '../../components/page-title';
import { FundingSettingsForm } from '../../features/funding/components/funding-settings-form';
import { settlementKeys } from '../../features/settlement/api/settlement-keys';
import { useAuth } from '../../lib/auth/auth-context';
import { currentMerchantId } from '../../lib/merchant-selection/merchant-selection';

/**
 * `/funding-settings`: how often the merchant is paid and how fees are settled, with the next deposit
 * days. Read with `r:funding_settings` (the route's guard), changed with `u:funding_settings`.
 */
export function Component() {
  const { t } = useTranslation('funding');
  const { claims } = useAuth();
  const merchantId = claims ? currentMerchantId(claims) : null;
  // The signed-in shell renders pages only with a token for a chosen merchant.
  if (!claims || merchantId === null) return null;
  return (
    <Stack gap="md">
      <PageTitle page="fundingSettings" />
      <Text size="sm">{t('intro')}</Text>
      <FundingSettingsForm
        key={merchantId}
        merchantId={merchantId}
        readOnly={!hasScope(claims.scp, SCOPES.fundingSettingsEdit)}
        dependents={[settlementKeys.next(merchantId)]}
      />
    </Stack>
  );
}
