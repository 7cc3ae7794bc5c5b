import type { TFunction } from 'i18next';
import { columnsOf, type DataColumn } from '../../../components/data-table/data-table';
import type { EmailAnswer } from '../api/outbox-api';
import { EmailStatusBadge } from './email-status-badge';

export interface OutboxColumnsOptions {
  readonly t: TFunction<'outbox'>;
  /** An instant in the message's zone (its merchant's), named. */
  readonly dateTime: (instant: Date, email: EmailAnswer) => string;
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
      createdAt: { cell: (row) => dateTime(row.createdAt, row) },
      to: { cell: (row) => row.to },
      subject: { cell: (row) => row.subject },
      template: { cell: (row) => templateLabel(row.template) },
      status: { cell: (row) => <EmailStatusBadge status={row.status} /> },
      // A kept message was never offered to a mail server: "0 attempts" would read as a delivery stuck.
      attempts: { align: 'end', cell: (row) => (row.status === 'KEPT' ? '' : row.attempts) },
    },
    (id) => t(`columns.${id}`),
  );
}
