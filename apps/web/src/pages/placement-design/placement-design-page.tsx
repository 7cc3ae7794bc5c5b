import { Stack, Text } from '@mantine/core';
import { SCOPES, hasScope } from '@portal/contracts/scopes';
import { useTranslation } from 'react-i18next';
import { ErrorMessageBox } from '../../components/error-message-box';
import { LoadingPage } from '../../components/loading-page';
import { PageTitle } from '../../components/page-title';
import { useCurrentMerchant } from '../../features/merchants/api/current-merchant';
import { usePlacementSettings } from '../../features/placements/api/placement-settings';
import { PlacementForm } from '../../features/placements/components/placement-form';
import { useAuth } from '../../lib/auth/auth-context';
import { currentMerchantId } from '../../lib/merchant-selection/merchant-selection';

function PlacementDesign({
  merchantId,
  scopes,
}: {
  readonly merchantId: string;
  readonly scopes: readonly string[];
}) {
  const { t } = useTranslation('placements');
  const merchant = useCurrentMerchant(merchantId);
  const settings = usePlacementSettings(merchantId);
  if (merchant.isError)
    return <ErrorMessageBox error={merchant.error} onRetry={() => void merchant.refetch()} />;
  if (merchant.data === undefined) return <LoadingPage />;
  return (
    <Stack gap="md">
      <PageTitle page="placementDesign" />
      <Text size="sm">{t('intro')}</Text>
      <PlacementForm
        merchantId={merchantId}
        currency={merchant.data.currency}
        timeZone={merchant.data.timeZone}
        settings={settings.data}
        loadError={
          settings.isError ? { error: settings.error, retry: () => void settings.refetch() } : undefined
        }
        readOnly={!hasScope(scopes, SCOPES.placementsEdit)}
      />
    </Stack>
  );
}

/** `/placement-design`: the merchant's on-site messaging, its preview with real figures, and its snippet. */
export function Component() {
  const { claims } = useAuth();
  const merchantId = claims ? currentMerchantId(claims) : null;
  // The signed-in shell renders pages only with a token for a chosen merchant.
  if (!claims || merchantId === null) return null;
  return <PlacementDesign key={merchantId} merchantId={merchantId} scopes={claims.scp} />;
}
