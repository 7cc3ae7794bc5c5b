import { Stack } from '@mantine/core';
import { SCOPES, hasScope } from '@portal/contracts/scopes';
import { ErrorMessageBox } from '../../components/error-message-box';
import { LoadingPage } from '../../components/loading-page';
import { PageTitle } from '../../components/page-title';
import { CheckoutDesignForm } from '../../features/checkout-design/components/checkout-design-form';
import { useCurrentMerchant } from '../../features/merchants/api/current-merchant';
import { useAuth } from '../../lib/auth/auth-context';
import { currentMerchantId } from '../../lib/merchant-selection/merchant-selection';

function DesignForMerchant({
  merchantId,
  canEdit,
}: {
  readonly merchantId: string;
  readonly canEdit: boolean;
}) {
  const merchant = useCurrentMerchant(merchantId);
  if (merchant.isError) {
    return <ErrorMessageBox error={merchant.error} onRetry={() => void merchant.refetch()} />;
  }
  if (merchant.data === undefined) return <LoadingPage />;
  return <CheckoutDesignForm merchantId={merchantId} timeZone={merchant.data.timeZone} canEdit={canEdit} />;
}

/** `/checkout-design` (issue 14): how the shopper's checkout looks, drafted, previewed and published. */
export function Component() {
  const { claims } = useAuth();
  const merchantId = claims ? currentMerchantId(claims) : null;
  // The signed-in shell renders pages only with a token for a chosen merchant.
  if (!claims || merchantId === null) return null;
  return (
    <Stack gap="md">
      <PageTitle page="checkoutDesign" />
      <DesignForMerchant
        key={merchantId}
        merchantId={merchantId}
        canEdit={hasScope(claims.scp, SCOPES.checkoutDesignEdit)}
      />
    </Stack>
  );
}
