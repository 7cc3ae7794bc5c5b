import { Stack } from '@mantine/core';
import { PAGES, href } from '@portal/contracts/routes';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { PageTitle } from '../../components/page-title';
import { useSaveCart } from '../../features/carts/api/carts-api';
import { newCartInput } from '../../features/carts/cart-defaults';
import { CartForm } from '../../features/carts/components/cart-form';
import { useCurrentMerchant } from '../../features/merchants/api/current-merchant';
import { showAlert } from '../../lib/alerts/alert-store';
import { track } from '../../lib/analytics/analytics';
import { useAuth } from '../../lib/auth/auth-context';
import { currentMerchantId } from '../../lib/merchant-selection/merchant-selection';

/** Create a cart (issue 5); it opens at its own page, ACTIVE, ready to be sent. */
function CartCreatePage({ merchantId }: { readonly merchantId: string }) {
  const { t } = useTranslation('carts');
  const navigate = useNavigate();
  const merchant = useCurrentMerchant(merchantId);
  const save = useSaveCart(merchantId);
  const initial = useMemo(() => newCartInput(), []);

  return (
    <Stack gap="md">
      <PageTitle page="cartCreate" />
      <CartForm
        initial={initial}
        currency={merchant.data?.currency ?? 'USD'}
        submitLabel={t('form.create')}
        onSubmit={async (input) => {
          const cart = await save.mutateAsync({ input });
          track('cart_created', { items: input.items.length, customTotal: input.customTotal !== null });
          showAlert({ type: 'Success', message: { key: 'carts:alerts.created' } });
          void navigate(href(PAGES.cart.path, { cartId: cart.id }));
        }}
        onCancel={() => {
          void navigate(PAGES.carts.path);
        }}
        draftName="cartCreate"
      />
    </Stack>
  );
}

export function Component() {
  const { claims } = useAuth();
  const merchantId = claims ? currentMerchantId(claims) : null;
  if (!claims || merchantId === null) return null;
  return <CartCreatePage key={merchantId} merchantId={merchantId} />;
}
