import { Anchor, Stack } from '@mantine/core';
import { AUDIT_PAGE_SIZES, MAX_AUDIT_OFFSET } from '@portal/contracts/audit';
import { PAGES, href } from '@portal/contracts/routes';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useColumnPreferences } from '../../components/data-table/column-preferences';
import { DataTable, type DataColumn } from '../../components/data-table/data-table';
import { ExportButton } from '../../components/data-table/export-button';
import { DateRangeFilter } from '../../components/data-table/filters/date-range-filter';
import { FilterBar } from '../../components/data-table/filters/filter-bar';
import { SelectFilter } from '../../components/data-table/filters/select-filter';
import { Pager } from '../../components/data-table/pager';
import { ListEmpty } from '../../components/data-table/list-empty';
import { useListPaging } from '../../components/data-table/use-list-paging';
import { PageTitle } from '../../components/page-title';
import {
  downloadAuditCsv,
  useAuditFacets,
  useAuditPage,
  type AuditEntryAnswer,
} from '../../features/audit/api/audit-api';
import { AuditChanges } from '../../features/audit/components/audit-changes';
import { auditFilterQuery, auditListUrl, auditPageQuery } from '../../features/audit/list-params';
import { useKindLabel } from '../../features/audit/use-kind-label';
import { useCurrentMerchant } from '../../features/merchants/api/current-merchant';
import { useFormatters } from '../../features/transactions/use-formatters';
import { showErrorAlert } from '../../lib/alerts/alert-store';
import { track } from '../../lib/analytics/analytics';
import { useAuth } from '../../lib/auth/auth-context';
import { isLocale } from '../../lib/i18n/language';
import { currentMerchantId } from '../../lib/merchant-selection/merchant-selection';
import { usePublicConfig } from '../../lib/public-config';
import { useListState } from '../../lib/url-state/list-state';
import { listFilterEvents } from '../../lib/analytics/list-filter-events';

const events = listFilterEvents('audit-log');

const COLUMN_IDS = ['createdAt', 'actor', 'kind', 'subject', 'changes'] as const;
const getRowId = (row: AuditEntryAnswer) => row.id;

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

/**
 * The merchant's audit log (ours, scope `r:merchant.audit`): who changed what and when, with the
 * changed fields before and after; filtered by user, kind and days of the merchant's time zone, in the
 * URL like every list; the whole filtered log as CSV.
 */
function AuditLogPage({ merchantId }: { readonly merchantId: string }) {
  const { t, i18n } = useTranslation('audit');
  const { apiurl } = usePublicConfig();
  const list = useListState(auditListUrl, { maxOffset: MAX_AUDIT_OFFSET });
  const { params } = list;
  const merchant = useCurrentMerchant(merchantId);
  const page = useAuditPage(merchantId, auditPageQuery(params));
  const facets = useAuditFacets(merchantId);
  const timeZone = merchant.data?.timeZone ?? page.data?.timeZone ?? 'UTC';
  const format = useFormatters(timeZone);
  const kindLabel = useKindLabel();

  const columns = useMemo<DataColumn<AuditEntryAnswer>[]>(
    () => [
      {
        id: 'createdAt',
        header: t('columns.createdAt'),
        sortable: true,
        cell: (row) => format.dateTime(row.createdAt),
      },
      {
        id: 'actor',
        header: t('columns.actor'),
        cell: ({ actor }) =>
          actor.type === 'USER' ? (actor.email ?? t('actor.removedUser')) : t(`actor.${actor.type}`),
      },
      { id: 'kind', header: t('columns.kind'), cell: (row) => kindLabel(row.kind) },
      { id: 'subject', header: t('columns.subject'), cell: (row) => <Subject entry={row} /> },
      {
        id: 'changes',
        header: t('columns.changes'),
        cell: (row) => <AuditChanges before={row.before} after={row.after} />,
      },
    ],
    [t, format, kindLabel],
  );
  const preferences = useColumnPreferences('audit', COLUMN_IDS);

  const paging = useListPaging(list, page);

  const exportCsv = async () => {
    try {
      await downloadAuditCsv({
        apiurl,
        query: { ...auditFilterQuery(params), locale: isLocale(i18n.language) ? i18n.language : 'en' },
      });
      track('export_downloaded', { list: 'audit' });
    } catch (exportError) {
      showErrorAlert(exportError);
    }
  };

  const activeCount = [
    params.actorUserId !== undefined,
    params.kind !== undefined,
    params.from !== undefined || params.to !== undefined,
  ].filter(Boolean).length;

  return (
    <Stack gap="md">
      <PageTitle page="auditLog" />
      <FilterBar
        label={t('list.filterLabel')}
        activeCount={activeCount}
        hasFilters={list.hasFilters}
        onClear={list.clearFilters}
        search={null}
        actions={<ExportButton onExport={exportCsv} />}
      >
        <SelectFilter
          label={t('filters.user')}
          searchable
          options={(facets.data?.actors ?? []).map((actor) => ({
            value: actor.userId,
            label: actor.email ?? t('actor.removedUser'),
          }))}
          value={params.actorUserId}
          onChange={(actorUserId) => {
            list.setFilters({ actorUserId });
            events.applied('user');
          }}
        />
        <SelectFilter
          label={t('filters.kind')}
          options={(facets.data?.kinds ?? []).map((kind) => ({ value: kind, label: kindLabel(kind) }))}
          value={params.kind}
          onChange={(kind) => {
            list.setFilters({ kind });
            events.applied('kind');
          }}
        />
        <DateRangeFilter
          label={t('filters.date')}
          timeZone={timeZone}
          value={{ from: params.from, to: params.to }}
          onChange={({ from, to }) => {
            list.setFilters({ from, to });
            events.applied('date');
          }}
        />
      </FilterBar>
      <DataTable
        label={t('list.label')}
        columns={columns}
        preferences={preferences}
        rows={page.data?.items}
        status={page.isError ? 'error' : page.data ? 'success' : 'pending'}
        error={page.error}
        onRetry={() => void page.refetch()}
        refreshing={page.isPlaceholderData}
        getRowId={getRowId}
        sort={{ id: params.sort, order: params.order }}
        onSortChange={() => {
          list.toggleSort('createdAt');
        }}
        skeletonRows={params.limit}
        empty={
          <ListEmpty filtered={list.hasFilters} onClearFilters={list.clearFilters}>
            {list.hasFilters ? t('list.empty') : t('list.noneYet')}
          </ListEmpty>
        }
      />
      {paging && (
        <Pager
          {...paging}
          pageSize={params.limit}
          pageSizes={AUDIT_PAGE_SIZES}
          onPageSizeChange={list.setPageSize}
          onGoTo={list.goTo}
        />
      )}
    </Stack>
  );
}

export function Component() {
  const { claims } = useAuth();
  const merchantId = claims ? currentMerchantId(claims) : null;
  // The signed-in shell renders pages only with a token for a chosen merchant.
  if (!claims || merchantId === null) return null;
  return <AuditLogPage key={merchantId} merchantId={merchantId} />;
}
