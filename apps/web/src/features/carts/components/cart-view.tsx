import { Anchor, Group, Paper, SimpleGrid, Stack, Table, Text, TextInput, Title } from '@mantine/core';
import { PAGES, href } from '@portal/contracts/routes';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { Formatters } from '../../../lib/format/use-formatters';
import type { CartDetailAnswer } from '../api/cart-schemas';
import { CartTotalsView } from './cart-totals';

function Address({ address }: { readonly address: CartDetailAnswer['shopper']['billingAddress'] }) {
  return (
    <Text size="sm">
      {[
        address.line1,
        address.line2,
        `${address.city}, ${address.region} ${address.postalCode}`,
        address.country,
      ]
        .filter((line) => line !== '')
        .join(', ')}
    </Text>
  );
}

/** The cart as it is: items and totals, shopper, link, status history and every e-mail sent. */
export function CartView({ cart, format }: { readonly cart: CartDetailAnswer; readonly format: Formatters }) {
  const { t } = useTranslation('carts');
  const money = (value: number) => format.money({ currency: cart.currency, value });
  const actor = (who: string) =>
    who === 'shopper' ? t('view.shopperActor') : who === 'system' ? t('view.systemActor') : who;

  return (
    <Stack gap="lg">
      <Text size="sm" c="dark.4">
        {t('view.createdBy', { who: cart.createdBy })} · {format.dateTime(cart.createdAt)} ·{' '}
        {t('view.expires', { when: format.dateTime(cart.expiresAt) })}
      </Text>

      <Paper withBorder p="md">
        <Stack gap="sm">
          <Title order={2} size="h4">
            {t('view.items')}
          </Title>
          {cart.customTotal === null ? (
            <Table.ScrollContainer minWidth={500}>
              <Table>
                <Table.Thead>
                  <Table.Tr>
                    {(['name', 'sku', 'quantity', 'unitPrice', 'unitTax'] as const).map((column) => (
                      <Table.Th key={column}>{t(`view.itemColumns.${column}`)}</Table.Th>
                    ))}
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {cart.items.map((item, index) => (
                    <Table.Tr key={`${item.sku}-${String(index)}`}>
                      <Table.Td>{item.name}</Table.Td>
                      <Table.Td>{item.sku}</Table.Td>
                      <Table.Td>{item.quantity}</Table.Td>
                      <Table.Td>{money(item.unitPrice)}</Table.Td>
                      <Table.Td>{money(item.unitTax)}</Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </Table.ScrollContainer>
          ) : (
            <Text size="sm">{t('view.customTotal')}</Text>
          )}
          <CartTotalsView totals={cart.totals} currency={cart.currency} />
        </Stack>
      </Paper>

      <SimpleGrid cols={{ base: 1, md: 2 }}>
        <Paper withBorder p="md">
          <Stack gap={4}>
            <Title order={2} size="h4">
              {t('view.shopper')}
            </Title>
            <Text size="sm" fw={600}>
              {cart.shopper.name}
            </Text>
            <Text size="sm">{cart.shopper.email}</Text>
            {cart.shopper.phone !== '' && <Text size="sm">{cart.shopper.phone}</Text>}
            <Text size="sm" fw={600} mt="xs">
              {t('form.billingAddress')}
            </Text>
            <Address address={cart.shopper.billingAddress} />
            <Text size="sm" fw={600} mt="xs">
              {t('form.shippingAddress')}
            </Text>
            {cart.shopper.shippingAddress === null ? (
              <Text size="sm">{t('view.sameAsBilling')}</Text>
            ) : (
              <Address address={cart.shopper.shippingAddress} />
            )}
          </Stack>
        </Paper>
        <Paper withBorder p="md">
          <Stack gap="sm">
            <TextInput label={t('view.link')} value={cart.checkoutUrl} readOnly />
            {cart.transactionID !== null && (
              <Group gap="xs">
                <Text size="sm" fw={600}>
                  {t('view.transaction')}
                </Text>
                <Anchor
                  component={Link}
                  to={href(PAGES.transaction.path, { transactionId: cart.transactionID })}
                  size="sm"
                >
                  {cart.transactionID}
                </Anchor>
              </Group>
            )}
            <Title order={2} size="h4">
              {t('view.history')}
            </Title>
            <Stack gap={2} component="ol" style={{ paddingInlineStart: 20, margin: 0 }}>
              {cart.history.map((change) => (
                <Text component="li" size="sm" key={`${change.status}-${change.at.toISOString()}`}>
                  <strong>{t(`status.${change.status}`)}</strong> · {format.dateTime(change.at)} ·{' '}
                  {t('view.historyBy', { who: actor(change.actor) })}
                </Text>
              ))}
            </Stack>
          </Stack>
        </Paper>
      </SimpleGrid>

      <Paper withBorder p="md">
        <Stack gap="sm">
          <Title order={2} size="h4">
            {t('view.notifications')}
          </Title>
          {cart.notifications.length === 0 ? (
            <Text size="sm">{t('view.noNotifications')}</Text>
          ) : (
            <Table.ScrollContainer minWidth={600}>
              <Table>
                <Table.Thead>
                  <Table.Tr>
                    {(['to', 'status', 'attempts', 'createdAt', 'error'] as const).map((column) => (
                      <Table.Th key={column}>{t(`view.emailColumns.${column}`)}</Table.Th>
                    ))}
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {cart.notifications.map((email) => (
                    <Table.Tr key={email.id}>
                      <Table.Td>{email.to}</Table.Td>
                      <Table.Td>
                        <Text
                          size="sm"
                          c={email.status === 'FAILED' ? 'red.8' : undefined}
                          fw={email.status === 'FAILED' ? 700 : undefined}
                        >
                          {t(`view.emailStatus.${email.status}`)}
                        </Text>
                      </Table.Td>
                      {/* A kept message was never offered to a mail server: no "0 attempts". */}
                      <Table.Td>{email.status === 'KEPT' ? '' : email.attempts}</Table.Td>
                      <Table.Td>{format.dateTime(email.createdAt)}</Table.Td>
                      <Table.Td>{email.lastError ?? ''}</Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </Table.ScrollContainer>
          )}
        </Stack>
      </Paper>
    </Stack>
  );
}
