import { Alert, Anchor, Group, Skeleton, Stack, Title } from '@mantine/core';
import { PAGES } from '@portal/contracts/routes';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { ErrorMessageBox } from '../../components/error-message-box';
import { PageTitle } from '../../components/page-title';
import { useCart, useSaveCart } from '../../features/carts/api/carts-api';
import { cartInputOf } from '../../features/carts/cart-defaults';
import { CartActions } from '../../features/carts/components/cart-actions';
import { CartForm } from '../../features/carts/components/cart-form';
import { CartStatusBadge } from '../../features/carts/components/cart-status-badge';
import { CartView } from '../../features/carts/components/cart-view';
import { useCurrentMerchant } from '../../features/merchants/api/current-merchant';
import { useFormatters } from '../../lib/format/use-formatters';
import { showAlert } from '../../lib/alerts/alert-store';
import { useAuth } from '../../lib/auth/auth-context';
import { ApiError } from '../../lib/http/api-error';
import { currentMerchantId } from '../../lib/merchant-selection/merchant-selection';

interface CartPageProps {
  readonly merchantId: string;
  readonly cartId: string;
  readonly scopes: readonly string[];
}

/** One cart (issue 5): its view with the actions, or its form while being edited. */
function CartPage({ merchantId, cartId, scopes }: CartPageProps) {
  const { t } = useTranslation('carts');
  const merchant = useCurrentMerchant(merchantId);
  // Times are the merchant's, named; UTC (named too) only if the merchant cannot be read.
  const format = useFormatters(merchant.data?.timeZone ?? 'UTC');
  const cart = useCart(merchantId, cartId);
  const save = useSaveCart(merchantId);
  const [editing, setEditing] = useState(false);

  const back = (
    <Anchor component={Link} to={PAGES.carts.path} size="sm">
      {t('view.back')}
    </Anchor>
  );
  if (cart.isError) {
    const refused = cart.error instanceof ApiError && [400, 403, 404].includes(cart.error.status);
    return (
      <Stack gap="md">
        <PageTitle page="cart" />
        {back}
        {refused ? (
          <Alert color="gray">{t('view.notFound')}</Alert>
        ) : (
          <ErrorMessageBox error={cart.error} onRetry={() => void cart.refetch()} />
        )}
      </Stack>
    );
  }
  // Until the merchant's zone is known, its dates would be shown in another.
  if (cart.data === undefined || merchant.isPending) {
    return (
      <Stack gap="md">
        <PageTitle page="cart" />
        <Skeleton height={400} />
      </Stack>
    );
  }
  const data = cart.data;
  return (
    <Stack gap="md">
      <PageTitle page="cart" />
      {back}
      <Group justify="space-between" align="center">
        <Group gap="sm">
          <Title order={2} size="h3">
            {editing ? t('view.editing') : data.name}
          </Title>
          <CartStatusBadge status={data.status} />
        </Group>
        {!editing && (
          <CartActions
            merchantId={merchantId}
            cart={data}
            scopes={scopes}
            onEdit={() => {
              setEditing(true);
            }}
          />
        )}
      </Group>
      {data.status === 'DECLINED' && !editing && <Alert color="orange">{t('view.declined')}</Alert>}
      {editing ? (
        <CartForm
          initial={cartInputOf(data)}
          currency={data.currency}
          submitLabel={t('form.save')}
          onSubmit={async (input) => {
            await save.mutateAsync({ id: data.id, input });
            showAlert({ type: 'Success', message: { key: 'carts:alerts.saved' } });
            setEditing(false);
          }}
          onCancel={() => {
            setEditing(false);
          }}
        />
      ) : (
        <CartView cart={data} format={format} />
      )}
    </Stack>
  );
}

export function Component() {
  const { claims } = useAuth();
  const { cartId } = useParams();
  const merchantId = claims ? currentMerchantId(claims) : null;
  if (!claims || merchantId === null || cartId === undefined) return null;
  return (
    <CartPage key={`${merchantId}:${cartId}`} merchantId={merchantId} cartId={cartId} scopes={claims.scp} />
  );
}
