import { Stack, Text } from '@mantine/core';
import { useCallback, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { ListView } from '../../components/data-table/list-view';
import { PageTitle } from '../../components/page-title';
import { useEmailPage, type EmailAnswer } from '../../features/outbox/api/outbox-api';
import { EmailDrawer } from '../../features/outbox/components/email-drawer';
import { outboxColumns } from '../../features/outbox/components/outbox-columns';
import { outboxFilters } from '../../features/outbox/components/outbox-filters';
import { OutboxNotice } from '../../features/outbox/components/outbox-notice';
import { outboxListUrl, outboxPageQuery } from '../../features/outbox/list-params';
import { formatZonedDateTime } from '../../lib/format/date-time';
import { useFormatters } from '../../lib/format/use-formatters';
import { useListState } from '../../lib/url-state/list-state';

/** The message open over the list, as a URL parameter of its own: a link opens the same message. */
const EMAIL_PARAM = 'email';
// The outbox spans every merchant: a message's times are its merchant's (as on that merchant's pages),
// named since rows differ; a message of no merchant is read in the reader's own zone, named too.
const READER_TIME_ZONE = Intl.DateTimeFormat().resolvedOptions().timeZone;
const getRowId = (row: EmailAnswer) => row.id;

/**
 * The outbox (provider staff): every e-mail the portal queued, of every merchant, newest first, with
 * its delivery state. Opening one shows its text with clickable links and its HTML, so that cart links,
 * and in demo mode invitation and reset links, are followed without a mail server.
 */
export function Component() {
  const { t, i18n } = useTranslation('outbox');
  const list = useListState(outboxListUrl);
  const [search, setSearch] = useSearchParams();
  const emailId = search.get(EMAIL_PARAM) ?? undefined;
  const page = useEmailPage(outboxPageQuery(list.params));
  const { locale } = useFormatters(READER_TIME_ZONE);
  const dateTime = useCallback(
    (instant: Date, email: EmailAnswer) =>
      formatZonedDateTime(instant, { locale, timeZone: email.timeZone ?? READER_TIME_ZONE }),
    [locale],
  );

  const templateLabel = useMemo(
    () => (template: string) =>
      i18n.exists(`template.${template}`, { ns: 'outbox' }) ? t(`template.${template}`) : template,
    [t, i18n],
  );
  const columns = useMemo(() => outboxColumns({ t, dateTime, templateLabel }), [t, dateTime, templateLabel]);
  const filters = useMemo(() => outboxFilters(t, templateLabel), [t, templateLabel]);

  const showEmail = (id: string | undefined) => {
    setSearch((previous) => {
      const next = new URLSearchParams(previous);
      if (id === undefined) next.delete(EMAIL_PARAM);
      else next.set(EMAIL_PARAM, id);
      return next;
    });
  };

  return (
    <Stack gap="md">
      <PageTitle page="outbox" />
      <Text size="sm">{t('intro')}</Text>
      <OutboxNotice />
      <ListView
        name="outbox"
        list={list}
        page={page}
        columns={columns}
        filters={filters}
        getRowId={getRowId}
        label={t('list.label')}
        filterLabel={t('list.filterLabel')}
        empty={{ filtered: t('list.empty'), none: t('list.noneYet') }}
        onRowOpen={(row) => {
          showEmail(row.id);
        }}
        activeRowId={emailId}
      />
      <EmailDrawer
        emailId={emailId}
        dateTime={dateTime}
        onClose={() => {
          showEmail(undefined);
        }}
      />
    </Stack>
  );
}
