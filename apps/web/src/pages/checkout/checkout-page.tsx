import { Alert, Anchor, Button, Group, Paper, Skeleton, Stack, Table, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { ErrorMessageBox } from '../../components/error-message-box';
import { PageTitle } from '../../components/page-title';
import { useCheckoutCart, useCompleteCheckout } from '../../features/carts/api/carts-api';
import type { CheckoutCartAnswer } from '../../features/carts/api/cart-schemas';
import { CartTotalsView } from '../../features/carts/components/cart-totals';
import { useFormatters } from '../../lib/format/use-formatters';
import { ApiError } from '../../lib/http/api-error';

const BRAND_NAMES = { bread: 'Bread', rbc: 'RBC' } as const;

function CheckoutCart({ cart, token }: { readonly cart: CheckoutCartAnswer; readonly token: string }) {
  const { t } = useTranslation('carts');
  const format = useFormatters('UTC');
  const complete = useCompleteCheckout(token);
  const [left, setLeft] = useState(false);
  const money = (value: number) => format.money({ currency: cart.currency, value });
  const finished = complete.data !== undefined;

  const status = finished
    ? null
    : cart.status === 'COMPLETED'
      ? t('checkout.alreadyCompleted')
      : cart.status === 'EXPIRED'
        ? t('checkout.expired')
        : null;

  return (
    <Stack gap="md">
      <Text size="sm" c="dark.4">
        {t('checkout.from', { merchant: cart.merchantName })} · {BRAND_NAMES[cart.brand]}
      </Text>
      <Title order={2} size="h3">
        {cart.name}
      </Title>
      {status !== null ? (
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
          <Text size="sm" c="dark.4">
            {t('checkout.expires', { when: format.dateTime(cart.expiresAt) })}
          </Text>
          {left ? (
            <Alert color="gray" role="status">
              {t('checkout.left')}
            </Alert>
          ) : (
            <Group>
              <Button
                loading={complete.isPending}
                onClick={() => {
                  complete.mutate();
                }}
              >
                {t('checkout.pay')}
              </Button>
              {cart.errorUrl === '' ? (
                <Button
                  variant="default"
                  onClick={() => {
                    setLeft(true);
                  }}
                >
                  {t('checkout.leave')}
                </Button>
              ) : (
                <Button component="a" variant="default" href={cart.errorUrl}>
                  {t('checkout.leave')}
                </Button>
              )}
            </Group>
          )}
          {complete.isError && (
            <Alert color="red" role="alert">
              {complete.error instanceof ApiError && complete.error.status === 409
                ? t('checkout.alreadyCompleted')
                : complete.error.message}
            </Alert>
          )}
        </>
      )}
    </Stack>
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
        <CheckoutCart cart={cart.data} token={checkoutToken} />
      )}
    </Stack>
  );
}
