import { Stack, Text } from '@mantine/core';
import type { MerchantId, MerchantIdStatus } from '@portal/contracts/merchant-ids';
import type { TFunction } from 'i18next';
import { columnsOf } from '../../../components/data-table/data-table';
import { withRowActions } from '../../../components/data-table/row-actions';
import { StatusBadge, type StatusColors } from '../../../components/status-badge';
import type { Formatters } from '../../../lib/format/use-formatters';

const STATUS_COLORS: StatusColors<MerchantIdStatus> = {
  PENDING: 'yellow.9',
  VALIDATED: 'green.8',
  FAILED: 'red.8',
};

interface ColumnOptions {
  readonly t: TFunction<'merchantIds'>;
  readonly format: Formatters;
  /** Provider staff who may run the validation rule (`u:merchant.internal_settings`). */
  readonly canValidate: boolean;
  readonly onValidate: (row: MerchantId) => Promise<unknown>;
}

/** The ids' columns: the id, its location, its validation with the reason of a failure, who registered it. */
export function merchantIdColumns({ t, format, canValidate, onValidate }: ColumnOptions) {
  const columns = columnsOf<MerchantId, 'acquirerMerchantId' | 'location' | 'status' | 'created'>(
    {
      acquirerMerchantId: { cell: (row) => <Text fw={600}>{row.acquirerMerchantId}</Text> },
      location: { cell: (row) => row.locationName },
      status: {
        cell: (row) => (
          <Stack gap={2}>
            <StatusBadge status={row.status} colors={STATUS_COLORS}>
              {t(`status.${row.status}`)}
            </StatusBadge>
            {row.failure !== null && <Text size="sm">{t(`failure.${row.failure}`)}</Text>}
            {row.validatedAt !== null && (
              <Text size="sm" c="dark.4">
                {t('validatedLine', {
                  at: format.dateTime(row.validatedAt),
                  email: row.validatedByEmail ?? '',
                })}
              </Text>
            )}
          </Stack>
        ),
      },
      created: {
        cell: (row) => t('createdLine', { at: format.dateTime(row.createdAt), email: row.createdByEmail }),
      },
    },
    (id) => t(`columns.${id}`),
  );
  return withRowActions(
    columns,
    t('columns.actions'),
    canValidate
      ? [
          {
            label: () => t('validate.button'),
            name: (row) => t('validate.one', { id: row.acquirerMerchantId }),
            send: onValidate,
          },
        ]
      : undefined,
  );
}
