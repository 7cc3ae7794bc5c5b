import { Button } from '@mantine/core';
import type { TargetingExport } from '@portal/contracts/targeting';
import { IconDownload } from '@tabler/icons-react';
import type { TFunction } from 'i18next';
import { useState } from 'react';
import { columnsOf } from '../../../components/data-table/data-table';
import { showErrorAlert } from '../../../lib/alerts/alert-store';
import type { Formatters } from '../../../lib/format/use-formatters';

export interface HistoryColumnsOptions {
  readonly t: TFunction<'targeting'>;
  readonly format: Formatters;
  /** The merchant's zone, named in the date column's header. */
  readonly timeZone: string;
  /** The names of the merchant's programs, by id. */
  readonly programNames: ReadonlyMap<string, string>;
  readonly onDownload: (record: TargetingExport) => Promise<void>;
}

const HEADERS = {
  createdAt: 'history.createdAt',
  userEmail: 'history.by',
  window: 'history.window',
  filters: 'history.filters',
  rowCount: 'history.rows',
  actions: 'history.actions',
} as const;

function DownloadAgain({
  record,
  label,
  text,
  onDownload,
}: {
  readonly record: TargetingExport;
  readonly label: string;
  readonly text: string;
  readonly onDownload: (record: TargetingExport) => Promise<void>;
}) {
  const [pending, setPending] = useState(false);
  return (
    <Button
      variant="default"
      size="xs"
      leftSection={<IconDownload size={14} aria-hidden="true" />}
      loading={pending}
      aria-label={label}
      onClick={() => {
        setPending(true);
        onDownload(record)
          .catch(showErrorAlert)
          .finally(() => {
            setPending(false);
          });
      }}
    >
      {text}
    </Button>
  );
}

/** The history's columns: when and by whom, the window and filters, the rows, and "Download again". */
export function historyColumns({ t, format, timeZone, programNames, onDownload }: HistoryColumnsOptions) {
  const filtersOf = (record: TargetingExport) => {
    const [only] = record.programIDs;
    const parts = [
      only === undefined
        ? t('history.allPrograms')
        : record.programIDs.length === 1
          ? (programNames.get(only) ?? t('history.programs', { count: 1 }))
          : t('history.programs', { count: record.programIDs.length }),
    ];
    if (record.hasFinancing !== null) {
      parts.push(`${t('form.hasFinancing')}: ${t(`hasFinancing.${record.hasFinancing}`)}`);
    }
    if (record.checkoutStatus !== null) {
      parts.push(`${t('form.checkoutStatus')}: ${t(`checkoutStatus.${record.checkoutStatus}`)}`);
    }
    return parts.join(' · ');
  };
  return columnsOf<TargetingExport, keyof typeof HEADERS>(
    {
      createdAt: { sortable: true, cell: (record) => format.dateTime(record.createdAt) },
      userEmail: { cell: (record) => record.userEmail },
      window: {
        cell: (record) =>
          t('history.window_value', { from: record.from, to: record.to, timeZone: record.timeZone }),
      },
      filters: { cell: filtersOf },
      rowCount: { sortable: true, align: 'end', cell: (record) => format.count(record.rowCount) },
      actions: {
        cell: (record) => (
          <DownloadAgain
            record={record}
            text={t('history.again')}
            label={t('history.againLabel', {
              from: record.from,
              to: record.to,
              createdAt: format.dateTime(record.createdAt),
            })}
            onDownload={onDownload}
          />
        ),
      },
    },
    (id) => t(HEADERS[id], { timeZone }),
  );
}
