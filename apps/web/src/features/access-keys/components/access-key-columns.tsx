import { Text } from '@mantine/core';
import { ACCESS_KEY_RESOURCES, type AccessKey, type AccessKeyStatus } from '@portal/contracts/access-keys';
import type { TFunction } from 'i18next';
import { columnsOf } from '../../../components/data-table/data-table';
import { withRowActions } from '../../../components/data-table/row-actions';
import { StatusBadge, type StatusColors } from '../../../components/status-badge';
import type { Formatters } from '../../../lib/format/use-formatters';

const STATUS_COLORS: StatusColors<AccessKeyStatus> = {
  ACTIVE: 'green.8',
  EXPIRED: 'gray.6',
  REVOKED: 'red.8',
};

interface ColumnOptions {
  readonly t: TFunction<'accessKeys'>;
  readonly format: Formatters;
  /** Rotate and revoke are offered to those who may change keys (`w:merchant.api`). */
  readonly canChange: boolean;
  readonly onRotate: (key: AccessKey) => void;
  readonly onRevoke: (key: AccessKey) => void;
}

/** The key list's columns: what each key may do, its state, its expiry and its last use. */
export function accessKeyColumns({ t, format, canChange, onRotate, onRevoke }: ColumnOptions) {
  const columns = columnsOf<AccessKey, 'name' | 'scopes' | 'status' | 'expiresAt' | 'lastUsed' | 'created'>(
    {
      name: { cell: (key) => <Text fw={600}>{key.name}</Text> },
      scopes: {
        cell: (key) =>
          ACCESS_KEY_RESOURCES.map((resource) =>
            t('scopeLine', {
              resource: t(`resources.${resource}`),
              level: t(`levels.${key.scopes[resource]}`),
            }),
          ).join(' · '),
      },
      status: {
        cell: (key) => (
          <StatusBadge status={key.status} colors={STATUS_COLORS}>
            {t(`status.${key.status}`)}
          </StatusBadge>
        ),
      },
      expiresAt: {
        cell: (key) => (key.expiresAt === null ? t('never') : format.dateTime(key.expiresAt)),
      },
      lastUsed: {
        cell: (key) =>
          key.lastUsedAt === null
            ? t('neverUsed')
            : t('lastUsedLine', {
                at: format.dateTime(key.lastUsedAt),
                address: key.lastUsedAddress ?? '',
              }),
      },
      created: {
        cell: (key) => t('createdLine', { at: format.dateTime(key.createdAt), email: key.createdByEmail }),
      },
    },
    (id) => t(`columns.${id}`),
  );
  return withRowActions(
    columns,
    t('columns.actions'),
    canChange
      ? [
          {
            label: () => t('rotate.button'),
            name: (key) => t('rotate.one', { name: key.name }),
            shown: (key) => key.status === 'ACTIVE',
            open: onRotate,
          },
          {
            label: () => t('revoke.button'),
            name: (key) => t('revoke.one', { name: key.name }),
            shown: (key) => key.status === 'ACTIVE',
            danger: true,
            open: onRevoke,
          },
        ]
      : undefined,
  );
}
