import { Button, Stack, Table, Text, Title, VisuallyHidden } from '@mantine/core';
import type { TargetingExport } from '@portal/contracts/targeting';
import { IconDownload } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorMessageBox } from '../../../components/error-message-box';
import { showErrorAlert } from '../../../lib/alerts/alert-store';
import type { Formatters } from '../../../lib/format/use-formatters';
import classes from './targeting.module.css';

export interface ExportHistoryProps {
  readonly exports: readonly TargetingExport[] | undefined;
  readonly status: 'pending' | 'error' | 'success';
  readonly error: unknown;
  readonly onRetry: () => void;
  readonly format: Formatters;
  readonly timeZone: string;
  /** The names of the merchant's programs, by id. */
  readonly programNames: ReadonlyMap<string, string>;
  readonly onDownload: (record: TargetingExport) => Promise<void>;
}

/** The exports taken, newest first, each downloadable again with its own window and filters. */
export function ExportHistory(props: ExportHistoryProps) {
  const { t } = useTranslation('targeting');
  const { exports, status, error, onRetry } = props;
  return (
    <Stack gap="sm" component="section" aria-labelledby="targeting-history">
      <Title order={2} id="targeting-history" size="h3">
        {t('history.heading')}
      </Title>
      {status === 'error' ? (
        <ErrorMessageBox error={error} onRetry={onRetry} />
      ) : exports !== undefined && exports.length === 0 ? (
        <Text>{t('history.empty')}</Text>
      ) : (
        <HistoryTable {...props} exports={exports ?? []} />
      )}
    </Stack>
  );
}

function HistoryTable({
  exports,
  format,
  timeZone,
  programNames,
  onDownload,
}: ExportHistoryProps & { readonly exports: readonly TargetingExport[] }) {
  const { t } = useTranslation('targeting');
  const [pending, setPending] = useState<string | null>(null);
  const filtersOf = (record: TargetingExport) => {
    const parts = [
      record.programIDs.length === 0
        ? t('history.allPrograms')
        : record.programIDs.length === 1
          ? (programNames.get(record.programIDs[0] ?? '') ?? t('history.programs', { count: 1 }))
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
  return (
    <Table.ScrollContainer minWidth={0}>
      <Table className={classes.cards} aria-label={t('history.label')} verticalSpacing="xs">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('history.createdAt', { timeZone })}</Table.Th>
            <Table.Th>{t('history.by')}</Table.Th>
            <Table.Th>{t('history.window')}</Table.Th>
            <Table.Th>{t('history.filters')}</Table.Th>
            <Table.Th ta="end">{t('history.rows')}</Table.Th>
            <Table.Th>
              <VisuallyHidden>{t('history.again')}</VisuallyHidden>
            </Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {exports.map((record) => {
            const createdAt = format.dateTime(record.createdAt);
            return (
              <Table.Tr key={record.id}>
                <Table.Td data-label={t('history.createdAt', { timeZone })}>{createdAt}</Table.Td>
                <Table.Td data-label={t('history.by')}>{record.userEmail}</Table.Td>
                <Table.Td data-label={t('history.window')}>
                  {t('history.window_value', { from: record.from, to: record.to, timeZone: record.timeZone })}
                </Table.Td>
                <Table.Td data-label={t('history.filters')}>{filtersOf(record)}</Table.Td>
                <Table.Td data-label={t('history.rows')} ta="end">
                  {format.count(record.rowCount)}
                </Table.Td>
                <Table.Td>
                  <Button
                    variant="default"
                    size="xs"
                    leftSection={<IconDownload size={14} aria-hidden="true" />}
                    loading={pending === record.id}
                    aria-label={t('history.againLabel', { from: record.from, to: record.to, createdAt })}
                    onClick={() => {
                      setPending(record.id);
                      onDownload(record)
                        .catch(showErrorAlert)
                        .finally(() => {
                          setPending(null);
                        });
                    }}
                  >
                    {t('history.again')}
                  </Button>
                </Table.Td>
              </Table.Tr>
            );
          })}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
