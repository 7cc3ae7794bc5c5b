import type { TargetingRow } from '@portal/contracts/targeting';
import type { TFunction } from 'i18next';
import { columnsOf } from '../../../components/data-table/data-table';
import type { Formatters } from '../../../lib/format/use-formatters';

export interface TargetingColumnsOptions {
  readonly t: TFunction<'targeting'>;
  readonly format: Formatters;
  /** The merchant's zone, named in the date column's header. */
  readonly timeZone: string;
  /** The day an instant falls on in the merchant's zone. */
  readonly day: (instant: Date) => string;
}

/** The preview's columns, as the file's. */
export const targetingColumns = ({ t, format, timeZone, day }: TargetingColumnsOptions) =>
  columnsOf<
    TargetingRow,
    'latestPrequalifiedAt' | 'name' | 'email' | 'hasFinancing' | 'checkoutStatus' | 'checkouts' | 'cartAmount'
  >(
    {
      latestPrequalifiedAt: {
        cell: (row) =>
          row.latestPrequalifiedAt === null ? t('notPrequalified') : day(row.latestPrequalifiedAt),
      },
      name: { cell: (row) => row.name },
      email: { cell: (row) => row.email },
      hasFinancing: { cell: (row) => t(`hasFinancing.${row.hasFinancing ? 'yes' : 'no'}`) },
      checkoutStatus: { cell: (row) => t(`checkoutStatus.${row.checkoutStatus}`) },
      checkouts: { align: 'end', cell: (row) => format.count(row.checkouts) },
      cartAmount: {
        align: 'end',
        cell: (row) => (row.cartAmount === null ? t('noCart') : format.money(row.cartAmount)),
      },
    },
    (id) => t(`columns.${id}`, { timeZone }),
  );
