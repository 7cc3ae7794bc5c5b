import type { Enrollment } from '@portal/contracts/payment-products';
import type { TFunction } from 'i18next';
import { columnsOf } from '../../../components/data-table/data-table';
import { withRowActions } from '../../../components/data-table/row-actions';
import { StatusBadge } from '../../../components/status-badge';
import { ENROLLMENT_STATUS_COLORS } from './status-colors';

interface ColumnOptions {
  readonly t: TFunction<'paymentProducts'>;
  readonly productName: (productId: string) => string;
  /** A day of the merchant's calendar, as the page shows dates. */
  readonly formatDay: (instant: Date) => string;
  /** Undefined when the user may not change enrollments. */
  readonly actions:
    | {
        readonly onChange: (enrollment: Enrollment) => void;
        readonly onEnd: (enrollment: Enrollment) => void;
      }
    | undefined;
}

/**
 * The merchant's enrollments in the program, with their status as the server computes it from the dates
 * (SCHEDULED, ACTIVE, LAPSED); a lapsed one is history and cannot change.
 */
export function enrollmentColumns({ t, productName, formatDay, actions }: ColumnOptions) {
  const columns = columnsOf<Enrollment, 'product' | 'from' | 'to' | 'status'>(
    {
      product: { cell: (enrollment) => productName(enrollment.paymentProductID), rowHeader: true },
      from: { cell: (enrollment) => formatDay(enrollment.effectiveFrom) },
      to: {
        cell: (enrollment) =>
          enrollment.effectiveTo === null ? t('enrollments.open') : formatDay(enrollment.effectiveTo),
      },
      status: {
        cell: (enrollment) => (
          <StatusBadge status={enrollment.status} colors={ENROLLMENT_STATUS_COLORS}>
            {t(`status.${enrollment.status}`)}
          </StatusBadge>
        ),
      },
    },
    (id) => t(`enrollments.columns.${id}`),
  );
  const name = (enrollment: Enrollment) => productName(enrollment.paymentProductID);
  const changeable = (enrollment: Enrollment) => enrollment.status !== 'LAPSED';
  return withRowActions(
    columns,
    t('enrollments.columns.actions'),
    actions && [
      {
        label: () => t('enrollments.change'),
        name: (enrollment) => t('enrollments.changeOf', { name: name(enrollment) }),
        shown: changeable,
        open: actions.onChange,
      },
      {
        label: () => t('enrollments.end'),
        name: (enrollment) => t('enrollments.endOf', { name: name(enrollment) }),
        shown: changeable,
        danger: true,
        open: actions.onEnd,
      },
    ],
  );
}
