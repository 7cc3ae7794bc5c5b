import { Stack, Text } from '@mantine/core';
import { EMAIL_PAGE_SIZES, EMAIL_STATUSES } from '@portal/contracts/emails';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { useColumnPreferences } from '../../components/data-table/column-preferences';
import { DataTable, type DataColumn } from '../../components/data-table/data-table';
import { FilterBar } from '../../components/data-table/filters/filter-bar';
import { SearchFilter } from '../../components/data-table/filters/search-filter';
import { SelectFilter } from '../../components/data-table/filters/select-filter';
import { Pager } from '../../components/data-table/pager';
import { ListEmpty } from '../../components/data-table/list-empty';
import { useListPaging } from '../../components/data-table/use-list-paging';
import { PageTitle } from '../../components/page-title';
import { useEmailPage, type EmailAnswer } from '../../features/outbox/api/outbox-api';
import { EmailDrawer, EmailStatusBadge } from '../../features/outbox/components/email-drawer';
import { OutboxNotice } from '../../features/outbox/components/outbox-notice';
import { outboxListUrl, outboxPageQuery } from '../../features/outbox/list-params';
import { useFormatters } from '../../features/transactions/use-formatters';
import { useListState } from '../../lib/url-state/list-state';
import { listFilterEvents } from '../../lib/analytics/list-filter-events';

const events = listFilterEvents('outbox');

const COLUMN_IDS = ['createdAt', 'to', 'subject', 'template', 'status', 'attempts'] as const;
/** The message open over the list, as a URL parameter of its own: a link opens the same message. */
const EMAIL_PARAM = 'email';
/** The templates the portal sends today, offered by the template filter. */
const TEMPLATES = ['cart-link', 'invitation', 'password-reset'] as const;
// The outbox spans every merchant: dates are shown in the reader's own time zone.
const READER_TIME_ZONE = Intl.DateTimeFormat().resolvedOptions().timeZone;
const getRowId = (row: EmailAnswer) => row.id;
const noSort = () => undefined;

/**
 * The outbox (provider staff): every e-mail the portal queued, of every merchant, newest first, with
 * its delivery state. Opening one shows its text with clickable links and its HTML, so that cart links,
 * and in demo mode invitation and reset links, are followed without a mail server.
 */
export function Component() {
  const { t, i18n } = useTranslation('outbox');
  const list = useListState(outboxListUrl);
  const { params } = list;
  const [search, setSearch] = useSearchParams();
  const emailId = search.get(EMAIL_PARAM) ?? undefined;
  const page = useEmailPage(outboxPageQuery(params));
  const format = useFormatters(READER_TIME_ZONE);

  const templateLabel = useMemo(
    () => (template: string) =>
      i18n.exists(`template.${template}`, { ns: 'outbox' }) ? t(`template.${template}`) : template,
    [t, i18n],
  );
  const columns = useMemo<DataColumn<EmailAnswer>[]>(
    () => [
      {
        id: 'createdAt',
        header: t('columns.createdAt'),
        cell: (row) => format.dateTime(row.createdAt),
      },
      { id: 'to', header: t('columns.to'), cell: (row) => row.to },
      { id: 'subject', header: t('columns.subject'), cell: (row) => row.subject },
      { id: 'template', header: t('columns.template'), cell: (row) => templateLabel(row.template) },
      { id: 'status', header: t('columns.status'), cell: (row) => <EmailStatusBadge status={row.status} /> },
      { id: 'attempts', header: t('columns.attempts'), align: 'end', cell: (row) => row.attempts },
    ],
    [t, format, templateLabel],
  );
  const preferences = useColumnPreferences('outbox', COLUMN_IDS);

  const paging = useListPaging(list, page);

  const showEmail = (id: string | undefined) => {
    setSearch((previous) => {
      const next = new URLSearchParams(previous);
      if (id === undefined) next.delete(EMAIL_PARAM);
      else next.set(EMAIL_PARAM, id);
      return next;
    });
  };
  const activeCount = [params.template, params.status].filter((value) => value !== undefined).length;

  return (
    <Stack gap="md">
      <PageTitle page="outbox" />
      <Text size="sm">{t('intro')}</Text>
      <OutboxNotice />
      <FilterBar
        label={t('list.filterLabel')}
        activeCount={activeCount}
        hasFilters={list.hasFilters}
        onClear={list.clearFilters}
        search={
          <SearchFilter
            label={t('filters.to')}
            placeholder={t('filters.toPlaceholder')}
            value={params.to}
            maxLength={320}
            onChange={(to) => {
              list.setFilters({ to });
              events.searched(to);
            }}
          />
        }
      >
        <SelectFilter
          label={t('filters.template')}
          options={TEMPLATES.map((template) => ({ value: template, label: templateLabel(template) }))}
          value={params.template}
          onChange={(template) => {
            list.setFilters({ template });
            events.applied('template');
          }}
        />
        <SelectFilter
          label={t('filters.status')}
          options={EMAIL_STATUSES.map((status) => ({ value: status, label: t(`status.${status}`) }))}
          value={params.status}
          onChange={(status) => {
            list.setFilters({ status });
            events.applied('status');
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
        sort={{ id: 'createdAt', order: 'desc' }}
        onSortChange={noSort}
        onRowOpen={(row) => {
          showEmail(row.id);
        }}
        activeRowId={emailId}
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
          pageSizes={EMAIL_PAGE_SIZES}
          onPageSizeChange={list.setPageSize}
          onGoTo={list.goTo}
        />
      )}
      <EmailDrawer
        emailId={emailId}
        dateTime={format.dateTime}
        onClose={() => {
          showEmail(undefined);
        }}
      />
    </Stack>
  );
}
