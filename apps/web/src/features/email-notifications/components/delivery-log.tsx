import { Badge, NativeSelect, Stack, Text, Title } from '@mantine/core';
import { EMAIL_PAGE_SIZES, type EmailStatus } from '@portal/contracts/emails';
import { useId, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { columnsOf } from '../../../components/data-table/data-table';
import { DataTable } from '../../../components/data-table/data-table';
import { Pager } from '../../../components/data-table/pager';
import { formatZonedDateTime } from '../../../lib/format/date-time';
import { useFormatters } from '../../../lib/format/use-formatters';
import { useNotificationDeliveries, type Delivery } from '../api/notification-deliveries';
import type { Recipient } from './notification-matrix';

type PageSize = (typeof EMAIL_PAGE_SIZES)[number];
const ALL = '';
const NO_SORT = { id: '', order: 'desc' } as const;
const ignoreSort = () => undefined;
const getRowId = (row: Delivery) => row.id;
const STATUS_COLOURS: Readonly<Record<EmailStatus, string>> = {
  PENDING: 'yellow',
  SENT: 'green',
  KEPT: 'blue',
  FAILED: 'red',
};

/** What the outbox did with the merchant's e-mails to one recipient or all, newest first. */
export function DeliveryLog({
  merchantId,
  recipients,
}: {
  readonly merchantId: string;
  readonly recipients: readonly Recipient[];
}) {
  const { t } = useTranslation('notifications');
  const titleId = useId();
  // Each message's times are its merchant's, named (the answer carries the zone).
  const { locale } = useFormatters('UTC');
  const [to, setTo] = useState<string>(ALL);
  const [offset, setOffset] = useState(0);
  const [limit, setLimit] = useState<PageSize>(25);
  const page = useNotificationDeliveries(merchantId, { to: to === ALL ? null : to, offset, limit });

  const columns = useMemo(
    () =>
      columnsOf<Delivery, 'createdAt' | 'to' | 'subject' | 'status'>(
        {
          createdAt: {
            cell: (row) => formatZonedDateTime(row.createdAt, { locale, timeZone: row.timeZone ?? 'UTC' }),
          },
          to: { cell: (row) => row.to },
          subject: { cell: (row) => row.subject },
          status: {
            cell: (row) => (
              <Badge variant="light" color={STATUS_COLOURS[row.status]}>
                {t(`log.status.${row.status}`)}
              </Badge>
            ),
          },
        },
        (id) => t(`log.columns.${id}`),
      ),
    [t, locale],
  );
  const preferences = useMemo(
    () => ({ order: columns.map((column) => column.id), hidden: new Set<string>() }),
    [columns],
  );
  const total = page.data?.pagination.total ?? 0;
  const lastOffset = Math.max(0, Math.floor((total - 1) / limit) * limit);

  return (
    <Stack gap="sm" component="section" aria-labelledby={titleId}>
      <Title order={2} size="h4" id={titleId}>
        {t('log.title')}
      </Title>
      <Text size="sm">{t('log.intro')}</Text>
      <NativeSelect
        label={t('log.recipient')}
        w={{ base: '100%', xs: 360 }}
        value={to}
        data={[
          { value: ALL, label: t('log.allRecipients') },
          ...recipients.map((recipient) => ({
            value: recipient.email,
            label: recipient.name === null ? recipient.email : `${recipient.name} (${recipient.email})`,
          })),
        ]}
        onChange={(event) => {
          setTo(event.currentTarget.value);
          setOffset(0);
        }}
      />
      <DataTable
        label={t('log.label')}
        columns={columns}
        preferences={preferences}
        rows={page.data?.items}
        status={page.isError ? 'error' : page.data ? 'success' : 'pending'}
        error={page.error}
        onRetry={() => void page.refetch()}
        refreshing={page.isPlaceholderData}
        getRowId={getRowId}
        sort={NO_SORT}
        onSortChange={ignoreSort}
        empty={t('log.empty')}
        skeletonRows={5}
        focusableFrame
      />
      {page.data === undefined || total <= EMAIL_PAGE_SIZES[0] ? null : (
        <Pager
          offset={offset}
          itemCount={page.data.items.length}
          total={total}
          pageSize={limit}
          pageSizes={EMAIL_PAGE_SIZES}
          onPageSizeChange={(size) => {
            setLimit(size);
            setOffset(0);
          }}
          first={offset > 0 ? { offset: 0 } : undefined}
          previous={offset > 0 ? { offset: Math.max(0, offset - limit) } : undefined}
          next={offset + limit < total ? { offset: offset + limit } : undefined}
          last={offset < lastOffset ? { offset: lastOffset } : undefined}
          onGoTo={(target) => {
            setOffset(target.offset);
          }}
        />
      )}
    </Stack>
  );
}
