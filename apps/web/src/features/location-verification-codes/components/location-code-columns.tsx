import { Text } from '@mantine/core';
import type { LocationCode, VerificationCodeStatus } from '@portal/contracts/location-verification-codes';
import type { TFunction } from 'i18next';
import { columnsOf } from '../../../components/data-table/data-table';
import { withRowActions } from '../../../components/data-table/row-actions';
import { StatusBadge, type StatusColors } from '../../../components/status-badge';
import type { Formatters } from '../../../lib/format/use-formatters';

const STATUS_COLORS: StatusColors<VerificationCodeStatus | 'NONE'> = {
  ACTIVE: 'green.8',
  EXPIRED: 'gray.6',
  REPLACED: 'gray.6',
  REVOKED: 'red.8',
  NONE: 'gray.6',
};

interface ColumnOptions {
  readonly t: TFunction<'locationCodes'>;
  readonly format: Formatters;
  /** Generate and revoke are offered to those who may change the merchant's settings. */
  readonly canChange: boolean;
  readonly onGenerate: (location: LocationCode) => Promise<unknown>;
  readonly onRevoke: (location: LocationCode) => void;
}

/** The locations' columns: the store, its code's state and expiry, who made it, and the actions. */
export function locationCodeColumns({ t, format, canChange, onGenerate, onRevoke }: ColumnOptions) {
  const columns = columnsOf<LocationCode, 'location' | 'status' | 'expiresAt' | 'created'>(
    {
      location: {
        cell: (row) => (
          <Text fw={600}>
            {t('locationLine', { name: row.name, storeNumber: row.storeNumber })}
            {row.locationStatus === 'INACTIVE' ? ` · ${t('closed')}` : ''}
          </Text>
        ),
      },
      status: {
        cell: (row) => {
          const status = row.code?.status ?? 'NONE';
          return (
            <StatusBadge status={status} colors={STATUS_COLORS}>
              {t(`status.${status}`)}
            </StatusBadge>
          );
        },
      },
      expiresAt: {
        cell: (row) =>
          row.code === null
            ? '—'
            : row.code.status === 'ACTIVE' || row.code.status === 'EXPIRED'
              ? format.dateTime(row.code.expiresAt)
              : '—',
      },
      created: {
        cell: (row) =>
          row.code === null
            ? '—'
            : t('createdLine', { at: format.dateTime(row.code.createdAt), email: row.code.createdByEmail }),
      },
    },
    (id) => t(`columns.${id}`),
  );
  const hasCode = (row: LocationCode) => row.code?.status === 'ACTIVE';
  return withRowActions(
    columns,
    t('columns.actions'),
    canChange
      ? [
          {
            label: (row) => t(hasCode(row) ? 'regenerate.button' : 'generate.button'),
            name: (row) => t(hasCode(row) ? 'regenerate.one' : 'generate.one', { name: row.name }),
            shown: (row) => row.locationStatus === 'ACTIVE',
            send: onGenerate,
          },
          {
            label: () => t('revoke.button'),
            name: (row) => t('revoke.one', { name: row.name }),
            shown: (row) => row.locationStatus === 'ACTIVE' && hasCode(row),
            danger: true,
            open: onRevoke,
          },
        ]
      : undefined,
  );
}
