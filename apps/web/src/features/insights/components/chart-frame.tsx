import { Button, Group, Paper, SegmentedControl, Stack, Text, Title } from '@mantine/core';
import { IconDownload } from '@tabler/icons-react';
import { useId, useMemo, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { DataTable, type DataColumn } from '../../../components/data-table/data-table';
import { track } from '../../../lib/analytics/analytics';
import { csvText, downloadCsv } from '../chart-csv';

export interface ChartColumn {
  readonly label: string;
  /** Numbers align right in the table. */
  readonly numeric?: boolean;
}

export interface ChartRow {
  readonly key: string;
  /** As the table shows them (formatted for the user's language); the first cell names the row. */
  readonly cells: readonly ReactNode[];
  /** As the CSV holds them: amounts in decimal, rates as fractions, no currency signs. */
  readonly csv: readonly (string | number)[];
}

export interface ChartFrameProps {
  /** The chart's name in analytics (`export_downloaded`) and in its file name. */
  readonly name: string;
  readonly title: string;
  /** "As of … · Days in <zone>": when the figures were read, and the zone of their days. */
  readonly note: string;
  readonly columns: readonly ChartColumn[];
  readonly rows: readonly ChartRow[];
  /** The CSV's header cells; the table's column labels when left out. */
  readonly csvHeader?: readonly string[];
  readonly fileName: string;
  readonly chart: ReactNode;
  /** Below the chart or the table, whichever shows (links of the funnel). */
  readonly footer?: ReactNode;
}

/**
 * One chart with what makes it usable by everyone: a table of the same figures behind a toggle, the
 * "as of" time and the merchant's zone, and a CSV of its own data (made in the browser).
 */
export function ChartFrame({
  name,
  title,
  note,
  columns,
  rows,
  csvHeader,
  fileName,
  chart,
  footer,
}: ChartFrameProps) {
  const { t } = useTranslation('insights');
  const titleId = useId();
  const [view, setView] = useState<'chart' | 'table'>('chart');
  // The first column names the row (a period, a step, a program): its cells are row headers.
  const tableColumns = useMemo(
    () =>
      columns.map((column, index): DataColumn<ChartRow> => ({
        id: String(index),
        header: column.label,
        align: column.numeric === true ? 'end' : 'start',
        rowHeader: index === 0,
        cell: (row) => row.cells[index],
      })),
    [columns],
  );

  return (
    <Paper component="section" withBorder p="md" aria-labelledby={titleId}>
      <Stack gap="sm">
        <Group justify="space-between" align="flex-start" gap="xs">
          <Stack gap={2}>
            <Title order={2} size="h4" id={titleId}>
              {title}
            </Title>
            <Text size="sm" c="gray.7">
              {note}
            </Text>
          </Stack>
          <Group gap="xs">
            <SegmentedControl
              size="xs"
              aria-label={t('chart.view', { chart: title })}
              value={view}
              onChange={(value) => {
                setView(value === 'table' ? 'table' : 'chart');
              }}
              data={[
                { value: 'chart', label: t('chart.showChart') },
                { value: 'table', label: t('chart.showTable') },
              ]}
            />
            <Button
              size="xs"
              variant="default"
              leftSection={<IconDownload size={14} aria-hidden="true" />}
              aria-label={t('chart.downloadNamed', { chart: title })}
              onClick={() => {
                downloadCsv(
                  fileName,
                  csvText(
                    csvHeader ?? columns.map((column) => column.label),
                    rows.map((row) => row.csv),
                  ),
                );
                track('export_downloaded', { list: `insights-${name}` });
              }}
            >
              {t('chart.download')}
            </Button>
          </Group>
        </Group>
        {rows.length === 0 ? (
          <Text size="sm">{t('chart.empty')}</Text>
        ) : view === 'chart' ? (
          chart
        ) : (
          <DataTable
            label={t('chart.table', { chart: title })}
            columns={tableColumns}
            rows={rows}
            status="success"
            getRowId={(row) => row.key}
            skeletonRows={rows.length}
            minWidth={320}
            focusableFrame
            empty={null}
          />
        )}
        {footer}
      </Stack>
    </Paper>
  );
}
