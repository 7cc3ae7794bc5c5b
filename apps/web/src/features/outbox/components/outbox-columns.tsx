import type { TFunction } from 'i18next';
import { columnsOf, type DataColumn } from '../../../components/data-table/data-table';
import type { EmailAnswer } from '../api/outbox-api';
import { EmailStatusBadge } from './email-status-badge';

export interface OutboxColumnsOptions {
  readonly t: TFunction<'outbox'>;
  readonly dateTime: (instant: Date) => string;
  readonly templateLabel: (template: string) => string;
}

/** The outbox's columns; newest first is its only order. */
export function outboxColumns({
  t,
  dateTime,
  templateLabel,
}: OutboxColumnsOptions): DataColumn<EmailAnswer>[] {
  return columnsOf(
    {
      createdAt: { cell: (row) => dateTime(row.createdAt) },
      to: { cell: (row) => row.to },
      subject: { cell: (row) => row.subject },
      template: { cell: (row) => templateLabel(row.template) },
      status: { cell: (row) => <EmailStatusBadge status={row.status} /> },
      attempts: { align: 'end', cell: (row) => row.attempts },
    },
    (id) => t(`columns.${id}`),
  );
}
