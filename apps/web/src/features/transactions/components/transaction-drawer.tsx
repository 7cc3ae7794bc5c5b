import { Button, Group, Stack, Table, Text, Title } from '@mantine/core';
import type { Address } from '@portal/contracts/transactions';
import { TRANSACTION_ACTIONS, type TransactionAction } from '@portal/contracts/transactions';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DetailDrawer, useDrawerSubject } from '../../../components/detail-drawer/detail-drawer';
import { DetailList } from '../../../components/detail-drawer/detail-list';
import { useTransaction } from '../api/transaction-detail';
import type { TransactionDetailAnswer, TransactionEventAnswer } from '../api/transaction-schemas';
import type { Formatters } from '../../../lib/format/use-formatters';
import { ActionDialog, actionRemaining } from './action-dialog';
import { TransactionStatusBadge } from './transaction-status-badge';
import classes from './transactions.module.css';

function AddressLines({ address }: { readonly address: Address | null }) {
  const { t } = useTranslation('transactions');
  if (address === null) return <Text>{t('detail.noAddress')}</Text>;
  const lines = [
    address.line1,
    address.line2,
    `${address.city}, ${address.region} ${address.postalCode}`,
    address.country,
  ].filter((line): line is string => line !== null && line !== '');
  return (
    <Text component="address" fs="normal">
      {lines.map((line) => (
        <span key={line} style={{ display: 'block' }}>
          {line}
        </span>
      ))}
    </Text>
  );
}

function History({
  events,
  format,
}: {
  readonly events: readonly TransactionEventAnswer[];
  readonly format: Formatters;
}) {
  const { t } = useTranslation('transactions');
  return (
    // As narrow as a phone's drawer: the columns wrap rather than hide the amount and the e-mail
    // addresses behind a sideways scroll.
    <Table.ScrollContainer minWidth={320} type="native">
      <Table aria-label={t('detail.history')} verticalSpacing="xs">
        <Table.Thead>
          <Table.Tr>
            <Table.Th scope="col">{t('history.when')}</Table.Th>
            <Table.Th scope="col">{t('history.what')}</Table.Th>
            <Table.Th scope="col">{t('history.who')}</Table.Th>
            <Table.Th scope="col" ta="right">
              {t('history.amount')}
            </Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {events.map((event, index) => (
            <Table.Tr key={`${event.type}-${event.at.toISOString()}-${index}`}>
              <Table.Td>{format.dateTime(event.at)}</Table.Td>
              <Table.Td>{t(`history.events.${event.type}`)}</Table.Td>
              <Table.Td>
                <Text size="sm">{t(`history.actors.${event.actor.type}`, { name: event.actor.name })}</Text>
                {event.actor.type === 'USER' && event.actor.email !== null && (
                  <Text size="xs" c="dark.4" className={classes.email}>
                    {event.actor.email}
                  </Text>
                )}
              </Table.Td>
              <Table.Td ta="right" className={classes.figure}>
                {event.amount === null ? '—' : format.money(event.amount)}
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

interface ActionsProps {
  readonly transaction: TransactionDetailAnswer;
  readonly merchantId: string;
  readonly format: Formatters;
  /** Where focus goes once an action is done (its button may be gone). */
  readonly onDone: () => void;
}

/** Settle, cancel, refund: each offered while it has an amount left to take. */
function Actions({ transaction, merchantId, format, onDone }: ActionsProps) {
  const { t } = useTranslation('transactions');
  const [action, setAction] = useState<TransactionAction | null>(null);
  const [opened, setOpened] = useState(false);
  const left = actionRemaining(transaction);
  const possible = TRANSACTION_ACTIONS.filter((candidate) => left[candidate] > 0);
  const money = (value: number) => format.money({ currency: transaction.total.currency, value });
  // An open rest that only a refund keeps from being settled: said where Settle would be.
  const settleRefused = transaction.refunded.value > 0 && left.cancel > 0;

  return (
    <Stack gap="xs">
      <Title order={3} size="h4">
        {t('actions.title')}
      </Title>
      {settleRefused && (
        <Text size="sm">
          {t('actions.settleAfterRefund', { amount: format.money(transaction.refunded) })}
        </Text>
      )}
      {possible.length === 0 ? (
        <Text size="sm">{t('actions.nothingLeft')}</Text>
      ) : (
        <Group gap="sm">
          {possible.map((candidate) => (
            <Button
              key={candidate}
              variant={candidate === 'settle' ? 'filled' : 'default'}
              onClick={() => {
                setAction(candidate);
                setOpened(true);
              }}
            >
              {t(`actions.${candidate}`)}
            </Button>
          ))}
        </Group>
      )}
      {possible.map((candidate) => (
        <Text key={candidate} size="sm" c="dark.4">
          {t(`actions.left.${candidate}`, { amount: money(left[candidate]) })}
        </Text>
      ))}
      <ActionDialog
        action={action}
        opened={opened}
        transaction={transaction}
        merchantId={merchantId}
        format={format}
        onClose={() => {
          setOpened(false);
          onDone();
        }}
      />
    </Stack>
  );
}

function Detail({
  transaction,
  merchantId,
  canAct,
  format,
}: {
  readonly transaction: TransactionDetailAnswer;
  readonly merchantId: string;
  readonly canAct: boolean;
  readonly format: Formatters;
}) {
  const { t } = useTranslation('transactions');
  const amountsHeading = useRef<HTMLHeadingElement>(null);
  const { customer } = transaction;
  return (
    <Stack gap="lg">
      <Stack gap="xs">
        <Title order={3} size="h4" ref={amountsHeading} tabIndex={-1}>
          {t('detail.amounts')}
        </Title>
        <DetailList
          items={[
            [t('detail.fields.status'), <TransactionStatusBadge key="status" label={transaction.label} />],
            [t('detail.fields.total'), format.money(transaction.total)],
            [t('detail.fields.tax'), format.money(transaction.tax)],
            [t('detail.fields.shipping'), format.money(transaction.shipping)],
            [t('detail.fields.discount'), format.money(transaction.discount)],
            [t('detail.fields.settled'), format.money(transaction.settled)],
            [t('detail.fields.refunded'), format.money(transaction.refunded)],
            [t('detail.fields.cancelled'), format.money(transaction.cancelled)],
          ]}
        />
      </Stack>
      {canAct && (
        <Actions
          transaction={transaction}
          merchantId={merchantId}
          format={format}
          onDone={() => {
            // After the dialog's own focus return, which lands on a button that may be gone now.
            setTimeout(() => amountsHeading.current?.focus(), 20);
          }}
        />
      )}
      <Stack gap="xs">
        <Title order={3} size="h4">
          {t('detail.customer')}
        </Title>
        <DetailList
          items={[
            [t('detail.fields.name'), customer.name],
            [t('detail.fields.email'), customer.email],
            [t('detail.fields.phone'), customer.phone ?? t('detail.notGiven')],
            [t('detail.billingAddress'), <AddressLines key="billing" address={customer.billingAddress} />],
            [t('detail.shippingAddress'), <AddressLines key="shipping" address={customer.shippingAddress} />],
          ]}
        />
      </Stack>
      <Stack gap="xs">
        <Title order={3} size="h4">
          {t('detail.details')}
        </Title>
        <DetailList
          items={[
            [t('detail.fields.orderId'), transaction.externalID],
            [t('detail.fields.program'), transaction.programName],
            [t('detail.fields.location'), transaction.locationName ?? t('noLocation')],
            [t('detail.fields.product'), t(`product.${transaction.productType}`)],
            [t('detail.fields.channel'), t(`channel.${transaction.channel}`)],
            [t('detail.fields.fromCart'), transaction.fromCart ? t('detail.yes') : t('detail.no')],
            [t('detail.fields.createdAt'), format.dateTime(transaction.createdAt)],
            [t('detail.fields.updatedAt'), format.dateTime(transaction.updatedAt)],
            [t('detail.fields.expiresAt'), format.dateTime(transaction.expiresAt)],
          ]}
        />
      </Stack>
      <Stack gap="xs">
        <Title order={3} size="h4">
          {t('detail.history')}
        </Title>
        <History events={transaction.history} format={format} />
      </Stack>
    </Stack>
  );
}

export interface TransactionDrawerProps {
  readonly merchantId: string;
  /** The transaction of the URL; undefined closes the drawer. */
  readonly transactionId: string | undefined;
  readonly onClose: () => void;
  /** READ/WRITE access (a `c:tx` scope): READ users see no action at all. */
  readonly canAct: boolean;
  readonly format: Formatters;
}

/** One transaction over the list, at its own URL: amounts, customer, addresses, details, history, actions. */
export function TransactionDrawer({
  merchantId,
  transactionId,
  onClose,
  canAct,
  format,
}: TransactionDrawerProps) {
  const { t } = useTranslation('transactions');
  const shownId = useDrawerSubject(transactionId);
  const detail = useTransaction(merchantId, shownId, transactionId !== undefined);
  return (
    <DetailDrawer
      opened={transactionId !== undefined}
      onClose={onClose}
      title={shownId === undefined ? '' : t('detail.title', { id: shownId })}
      closeLabel={t('detail.close')}
      loadingLabel={t('detail.loading')}
      query={detail}
    >
      {(transaction) => (
        <Detail transaction={transaction} merchantId={merchantId} canAct={canAct} format={format} />
      )}
    </DetailDrawer>
  );
}
