import { Anchor } from '@mantine/core';
import { PAGES, href } from '@portal/contracts/routes';
import type { TFunction } from 'i18next';
import { Link } from 'react-router';
import { columnsOf, type DataColumn } from '../../../components/data-table/data-table';
import type { AuditEntryAnswer } from '../api/audit-api';
import { AuditChanges } from './audit-changes';

function Subject({ entry }: { readonly entry: AuditEntryAnswer }) {
  if (entry.subjectId === null) return <>{entry.subjectType}</>;
  if (entry.subjectType === 'transaction') {
    return (
      <Anchor component={Link} to={href(PAGES.transaction.path, { transactionId: entry.subjectId })}>
        {entry.subjectId}
      </Anchor>
    );
  }
  return (
    <>
      {entry.subjectType} {entry.subjectId}
    </>
  );
}

export interface AuditColumnsOptions {
  readonly t: TFunction<'audit'>;
  /** An instant in the merchant's time zone. */
  readonly dateTime: (instant: Date) => string;
  readonly kindLabel: (kind: string) => string;
}

/** The audit log's columns: when, who, what kind of change, on what, and the fields before and after. */
export function auditColumns({
  t,
  dateTime,
  kindLabel,
}: AuditColumnsOptions): DataColumn<AuditEntryAnswer>[] {
  return columnsOf(
    {
      createdAt: { sortable: true, cell: (row) => dateTime(row.createdAt) },
      actor: {
        cell: ({ actor }) =>
          actor.type === 'USER' ? (actor.email ?? t('actor.removedUser')) : t(`actor.${actor.type}`),
      },
      kind: { cell: (row) => kindLabel(row.kind) },
      subject: { cell: (row) => <Subject entry={row} /> },
      changes: { cell: (row) => <AuditChanges before={row.before} after={row.after} /> },
    },
    (id) => t(`columns.${id}`),
  );
}
