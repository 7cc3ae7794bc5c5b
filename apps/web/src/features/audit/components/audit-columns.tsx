import { Anchor, Text } from '@mantine/core';
import { PAGES, href } from '@portal/contracts/routes';
import type { TFunction } from 'i18next';
import { Link } from 'react-router';
import { columnsOf, type DataColumn } from '../../../components/data-table/data-table';
import type { AuditEntryAnswer } from '../api/audit-api';
import type { AuditLabels } from '../use-audit-labels';
import { AuditChanges } from './audit-changes';

/** What a change was made on: a transaction by its id (what support asks for), a cart or user by name. */
function Subject({
  entry,
  t,
  labels,
}: {
  readonly entry: AuditEntryAnswer;
  readonly t: TFunction<'audit'>;
  readonly labels: AuditLabels;
}) {
  const { subjectType, subjectId, subjectName } = entry;
  if (subjectId === null) return <>{labels.subject(subjectType)}</>;
  if (subjectType === 'transaction') {
    return (
      <Anchor component={Link} to={href(PAGES.transaction.path, { transactionId: subjectId })}>
        {subjectId}
      </Anchor>
    );
  }
  if (subjectType === 'cart') {
    return subjectName === null ? (
      <>{t('subject.removedCart')}</>
    ) : (
      <Anchor component={Link} to={href(PAGES.cart.path, { cartId: subjectId })}>
        {labels.subject(subjectType)} {subjectName}
      </Anchor>
    );
  }
  if (subjectType === 'user') {
    return (
      <>
        {labels.subject(subjectType)} {subjectName ?? t('subject.removedUser')}
      </>
    );
  }
  // The merchant's own settings: its id is the reader's merchant, which says nothing.
  if (subjectType === 'merchant') return <>{labels.subject(subjectType)}</>;
  return (
    <>
      {labels.subject(subjectType)} {subjectId}
    </>
  );
}

/** Who acted: a user by name with the e-mail address they signed in with, else the shopper or the system. */
function Actor({ actor, t }: { readonly actor: AuditEntryAnswer['actor']; readonly t: TFunction<'audit'> }) {
  if (actor.type !== 'USER') return <>{t(`actor.${actor.type}`)}</>;
  if (actor.name === null) return <>{actor.email ?? t('actor.removedUser')}</>;
  return (
    <>
      <Text size="sm" component="span" display="block">
        {actor.name}
      </Text>
      {actor.email !== null && (
        <Text size="xs" component="span" display="block" c="gray.7">
          {actor.email}
        </Text>
      )}
    </>
  );
}

export interface AuditColumnsOptions {
  readonly t: TFunction<'audit'>;
  /** An instant in the merchant's time zone. */
  readonly dateTime: (instant: Date) => string;
  readonly kindLabel: (kind: string) => string;
  readonly labels: AuditLabels;
}

/** The audit log's columns: when, who, what kind of change, on what, and the fields before and after. */
export function auditColumns({
  t,
  dateTime,
  kindLabel,
  labels,
}: AuditColumnsOptions): DataColumn<AuditEntryAnswer>[] {
  return columnsOf(
    {
      createdAt: { sortable: true, cell: (row) => dateTime(row.createdAt) },
      actor: { cell: ({ actor }) => <Actor actor={actor} t={t} /> },
      kind: { cell: (row) => kindLabel(row.kind) },
      subject: { cell: (row) => <Subject entry={row} t={t} labels={labels} /> },
      changes: {
        cell: (row) => (
          <AuditChanges subjectType={row.subjectType} before={row.before} after={row.after} labels={labels} />
        ),
      },
    },
    (id) => t(`columns.${id}`),
  );
}
