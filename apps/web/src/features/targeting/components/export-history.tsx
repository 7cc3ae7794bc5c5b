import { Stack, Title } from '@mantine/core';
import type { Locale } from '@portal/contracts/brands';
import type { TargetingExport } from '@portal/contracts/targeting';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { ListView } from '../../../components/data-table/list-view';
import type { Formatters } from '../../../lib/format/use-formatters';
import { useListState } from '../../../lib/url-state/list-state';
import {
  downloadTargetingHistoryCsv,
  useTargetingExporters,
  useTargetingHistory,
} from '../api/targeting-api';
import { historyFilterQuery, historyPageQuery, historyListUrl } from '../history-params';
import { historyColumns } from './history-columns';
import { historyFilters } from './history-filters';

export interface ExportHistoryProps {
  readonly merchantId: string;
  readonly format: Formatters;
  /** The merchant's zone: the days of the filter and the dates shown are its. */
  readonly timeZone: string;
  /** The names of the merchant's programs, by id. */
  readonly programNames: ReadonlyMap<string, string>;
  readonly onDownload: (record: TargetingExport) => Promise<void>;
}

const getRowId = (record: TargetingExport) => record.id;

/**
 * Every export taken, as the portal's lists (in the URL behind `history.`): sorted by date or rows,
 * filtered by user and days, each downloadable again with its own window and filters; the list itself
 * downloads as CSV with the same filters and order.
 */
export function ExportHistory({
  merchantId,
  format,
  timeZone,
  programNames,
  onDownload,
}: ExportHistoryProps) {
  const { t } = useTranslation('targeting');
  const list = useListState(historyListUrl);
  const page = useTargetingHistory(merchantId, historyPageQuery(list.params));
  const exporters = useTargetingExporters(merchantId);
  const columns = useMemo(
    () => historyColumns({ t, format, timeZone, programNames, onDownload }),
    [t, format, timeZone, programNames, onDownload],
  );
  const exportCsv = (locale: Locale) =>
    downloadTargetingHistoryCsv({ query: { ...historyFilterQuery(list.params), locale } });
  return (
    <Stack gap="sm" component="section" aria-labelledby="targeting-history">
      <Title order={2} id="targeting-history" size="h3">
        {t('history.heading')}
      </Title>
      <ListView
        name="targetingHistory"
        list={list}
        page={page}
        columns={columns}
        filters={historyFilters({ t, exporters: exporters.data, timeZone })}
        getRowId={getRowId}
        label={t('history.label')}
        filterLabel={t('history.filterLabel')}
        empty={{ filtered: t('history.emptyFiltered'), none: t('history.empty') }}
        onExport={exportCsv}
      />
    </Stack>
  );
}
