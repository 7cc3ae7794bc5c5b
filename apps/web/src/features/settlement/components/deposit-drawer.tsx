import { Button, Group, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { DetailDrawer, useDrawerSubject } from '../../../components/detail-drawer/detail-drawer';
import { DetailList } from '../../../components/detail-drawer/detail-list';
import type { Formatters } from '../../../lib/format/use-formatters';
import { useDeposit } from '../api/deposit-detail';
import { DepositEvents } from './deposit-events';
import { NetFormula } from './net-formula';

export interface DepositDrawerProps {
  readonly merchantId: string;
  readonly depositId: string | undefined;
  readonly offset: number;
  readonly format: Formatters;
  readonly onClose: () => void;
  readonly onOffset: (offset: number) => void;
}

/** One deposit over the report: its sums as a formula, then its funding events a page at a time. */
export function DepositDrawer({
  merchantId,
  depositId,
  offset,
  format,
  onClose,
  onOffset,
}: DepositDrawerProps) {
  const { t } = useTranslation('settlement');
  const subject = useDrawerSubject(depositId);
  const query = useDeposit(merchantId, subject, offset);
  return (
    <DetailDrawer
      opened={depositId !== undefined}
      onClose={onClose}
      title={t('detail.title')}
      closeLabel={t('detail.close')}
      query={query}
    >
      {(detail) => {
        const { deposit, pagination } = detail;
        const last = Math.min(pagination.offset + pagination.limit, pagination.total);
        return (
          <Stack gap="md">
            <DetailList
              items={[
                [t('deposits.date'), deposit.depositDate],
                [t('deposits.bankReference'), deposit.bankReference],
                [t('deposits.status'), t(`status.${deposit.status}`)],
                [
                  t('deposits.paidInto'),
                  deposit.paidInto === null
                    ? t('deposits.noAccount')
                    : t('deposits.paidIntoLine', {
                        bank: deposit.paidInto.bankName,
                        type: t(`deposits.accountTypes.${deposit.paidInto.accountType}`),
                        last4: deposit.paidInto.accountLast4,
                      }),
                ],
                [t('deposits.count'), format.count(deposit.count)],
              ]}
            />
            <NetFormula sums={deposit} format={format} />
            <Text size="sm">{t('events.zone', { zone: detail.timeZone })}</Text>
            <DepositEvents
              deposit={deposit}
              events={detail.events}
              refreshing={query.isFetching}
              format={format}
            />
            {pagination.total > pagination.limit && (
              <Group justify="space-between">
                <Text size="sm">
                  {t('events.range', {
                    first: format.count(pagination.total === 0 ? 0 : pagination.offset + 1),
                    last: format.count(last),
                    total: format.count(pagination.total),
                  })}
                </Text>
                <Group gap="xs">
                  <Button
                    variant="default"
                    disabled={pagination.offset === 0}
                    onClick={() => {
                      onOffset(Math.max(0, pagination.offset - pagination.limit));
                    }}
                  >
                    {t('events.previous')}
                  </Button>
                  <Button
                    variant="default"
                    disabled={last >= pagination.total}
                    onClick={() => {
                      onOffset(pagination.offset + pagination.limit);
                    }}
                  >
                    {t('events.next')}
                  </Button>
                </Group>
              </Group>
            )}
          </Stack>
        );
      }}
    </DetailDrawer>
  );
}
