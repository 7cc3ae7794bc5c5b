import {
  Alert,
  Anchor,
  Button,
  Group,
  Modal,
  Paper,
  Skeleton,
  Stack,
  Table,
  Text,
  Title,
} from '@mantine/core';
import { checkoutLogoEndpoint } from '@portal/contracts/checkout-design-endpoints';
import { endpointUrl } from '@portal/contracts/endpoint';
import { offerMessage } from '@portal/contracts/placement-offers';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { CheckoutLookFrame, lookButtonProps } from '../../components/checkout-look';
import { ErrorMessageBox } from '../../components/error-message-box';
import { PageTitle } from '../../components/page-title';
import { PendingButton } from '../../components/pending-button';
import { useCheckoutCart, useCompleteCheckout, useDeclineCheckout } from '../../features/carts/api/carts-api';
import type { CheckoutCartAnswer } from '../../features/carts/api/cart-schemas';
import { CartTotalsView } from '../../features/carts/components/cart-totals';
import { useFormatters } from '../../lib/format/use-formatters';
import { ApiError } from '../../lib/http/api-error';
import { isLocale } from '../../lib/i18n/language';
import { useErrorText } from '../../lib/http/refusal-text';

const BRAND_NAMES = { bread: 'Bread', rbc: 'RBC' } as const;
// The shopper may be anywhere: the expiry is read on their own clock and names its zone, so that it
// agrees with the e-mail's, which names the merchant's.
const SHOPPER_TIME_ZONE = Intl.DateTimeFormat().resolvedOptions().timeZone;

function CheckoutCart({ cart, token }: { readonly cart: CheckoutCartAnswer; readonly token: string }) {
  const { t, i18n } = useTranslation('carts');
  const format = useFormatters(SHOPPER_TIME_ZONE);
  // The plan the merchant's active payment products offer for this total, in the shopper's language.
  const offer = offerMessage(
    { currency: cart.currency, value: cart.totals.total },
    cart.plans,
    isLocale(i18n.language) ? i18n.language : 'en',
  );
  const complete = useCompleteCheckout(token);
  const decline = useDeclineCheckout(token);
  const errorText = useErrorText();
  const [leaving, setLeaving] = useState(false);
  const money = (value: number) => format.money({ currency: cart.currency, value });
  const finished = complete.data !== undefined;

  const status = finished
    ? null
    : cart.status === 'COMPLETED'
      ? t('checkout.alreadyCompleted')
      : cart.status === 'EXPIRED'
        ? t('checkout.expired')
        : null;
  const busy = complete.isPending || decline.isPending;

  return (
    <Stack gap="md">
      <Text size="sm" c="dark.4">
        {t('checkout.from', { merchant: cart.merchantName })} · {BRAND_NAMES[cart.brand]}
      </Text>
      <Title order={2} size="h3">
        {cart.name}
      </Title>
      {cart.status === 'DECLINED' ? (
        <Stack gap="sm">
          <Alert color="gray" role="status">
            {t('checkout.declined', { merchant: cart.merchantName })}
          </Alert>
          {cart.errorUrl !== '' && <Anchor href={cart.errorUrl}>{t('checkout.backToShop')}</Anchor>}
        </Stack>
      ) : status !== null ? (
        <Alert color="gray" role="status">
          {status}
        </Alert>
      ) : finished ? (
        <Stack gap="sm">
          <Alert color="green" role="status">
            {t('checkout.completed')}
          </Alert>
          {complete.data.completeUrl !== '' && (
            <Anchor href={complete.data.completeUrl}>{t('checkout.backToShop')}</Anchor>
          )}
        </Stack>
      ) : (
        <>
          <Text>{t('checkout.greeting', { name: cart.shopperName })}</Text>
          <Text size="sm">{t('checkout.reference', { reference: cart.orderReference })}</Text>
          {cart.items.length > 0 && (
            <Paper withBorder>
              <Table>
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>{t('view.itemColumns.name')}</Table.Th>
                    <Table.Th>{t('view.itemColumns.quantity')}</Table.Th>
                    <Table.Th>{t('view.itemColumns.unitPrice')}</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {cart.items.map((item, index) => (
                    <Table.Tr key={`${item.sku}-${String(index)}`}>
                      <Table.Td>{item.name}</Table.Td>
                      <Table.Td>{item.quantity}</Table.Td>
                      <Table.Td>{money(item.unitPrice)}</Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </Paper>
          )}
          <CartTotalsView totals={cart.totals} currency={cart.currency} />
          {offer !== null && (
            <Text fw={600} data-testid="checkout-offer">
              {offer.text}
            </Text>
          )}
          <Text size="sm" c="dark.4">
            {t('checkout.expires', { when: format.dateTime(cart.expiresAt) })}
          </Text>
          <Group>
            <PendingButton
              disabled={decline.isPending}
              onClick={() => complete.mutateAsync()}
              {...(cart.design === null ? {} : lookButtonProps(cart.design))}
            >
              {t('checkout.pay')}
            </PendingButton>
            <Button
              variant="default"
              disabled={busy}
              onClick={() => {
                setLeaving(true);
              }}
            >
              {t('checkout.leave')}
            </Button>
          </Group>
          <Modal
            opened={leaving}
            onClose={() => {
              setLeaving(false);
            }}
            title={t('checkout.leaveTitle')}
            closeButtonProps={{ 'aria-label': t('checkout.close') }}
          >
            <Text mb="md">{t('checkout.leaveBody', { merchant: cart.merchantName })}</Text>
            <Group justify="flex-end">
              <Button
                variant="default"
                onClick={() => {
                  setLeaving(false);
                }}
              >
                {t('checkout.stay')}
              </Button>
              <PendingButton
                onClick={async () => {
                  try {
                    await decline.mutateAsync();
                  } finally {
                    setLeaving(false);
                  }
                }}
              >
                {t('checkout.decline')}
              </PendingButton>
            </Group>
          </Modal>
          {complete.isError && (
            <Alert color="red" role="alert">
              {errorText(complete.error)}
            </Alert>
          )}
        </>
      )}
    </Stack>
  );
}

/** The merchant's published design around the cart (issue 14), the portal's own look until there is one. */
function DesignedCheckout({
  cart,
  token,
  children,
}: {
  readonly cart: CheckoutCartAnswer;
  readonly token: string;
  readonly children: ReactNode;
}) {
  if (cart.design === null) return children;
  const { hasLogo, ...look } = cart.design;
  const logoSrc = hasLogo ? endpointUrl(checkoutLogoEndpoint, { checkoutToken: token }) : undefined;
  return (
    <CheckoutLookFrame look={look} logoSrc={logoSrc}>
      {children}
    </CheckoutLookFrame>
  );
}

/** The shopper's page of a payment link (issue 5): public, no sign-in; the token is the only key. */
export function Component() {
  const { t } = useTranslation('carts');
  const { checkoutToken = '' } = useParams();
  const cart = useCheckoutCart(checkoutToken);
  return (
    <Stack gap="md">
      <PageTitle page="checkout" />
      {cart.isError ? (
        cart.error instanceof ApiError && cart.error.status === 404 ? (
          <Alert color="gray" role="status">
            {t('checkout.notFound')}
          </Alert>
        ) : (
          <ErrorMessageBox error={cart.error} onRetry={() => void cart.refetch()} />
        )
      ) : cart.data === undefined ? (
        <Skeleton height={300} />
      ) : (
        <DesignedCheckout cart={cart.data} token={checkoutToken}>
          <CheckoutCart cart={cart.data} token={checkoutToken} />
        </DesignedCheckout>
      )}
    </Stack>
  );
}
