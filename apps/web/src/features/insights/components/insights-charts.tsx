import { BarChart, LineChart } from '@mantine/charts';
import type {
  Insights,
  InsightsGranularity,
  InsightsSplit,
  InsightsSplitRow,
} from '@portal/contracts/insights';
import { minorUnitsToDecimal, toMajorUnits, type Currency } from '@portal/contracts/money';
import { useTranslation } from 'react-i18next';
import type { Formatters } from '../../../lib/format/use-formatters';
import { csvFileName } from '../chart-csv';
import { ChartFrame } from './chart-frame';

/** What every chart of the page shares: the answer, its formatting and the line under each title. */
export interface ChartContext {
  readonly insights: Insights;
  readonly format: Formatters;
  /** "As of … · Days in <zone>". */
  readonly note: string;
}

const CHART_HEIGHT = 260;

/** A period's first day as its label: the day, "Week of" the Monday, or the month. */
function periodLabel(
  day: string,
  granularity: InsightsGranularity,
  locale: string,
  weekOf: (date: string) => string,
): string {
  const [year = 1970, month = 1, date = 1] = day.split('-').map(Number);
  // A plain day is shown as written, read at UTC midnight in UTC: the browser's zone cannot move it.
  const instant = new Date(Date.UTC(year, month - 1, date));
  if (granularity === 'month') {
    return new Intl.DateTimeFormat(locale, { month: 'short', year: 'numeric', timeZone: 'UTC' }).format(
      instant,
    );
  }
  const text = new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeZone: 'UTC' }).format(instant);
  return granularity === 'week' ? weekOf(text) : text;
}

function useMoney(currency: Currency, format: Formatters) {
  return {
    /** For the chart's axis and tooltip: major units. */
    major: (value: number) => toMajorUnits(value),
    shown: (value: number) => format.money({ currency, value }),
    axis: (value: number) => format.money({ currency, value: Math.round(value * 100) }),
  };
}

/** Settled sales and transactions per day, week or month of the range. */
export function OverTimeCharts({ insights, format, note }: ChartContext) {
  const { t } = useTranslation('insights');
  const { currency } = insights;
  const money = useMoney(currency, format);
  const { current } = insights.periods;
  const points = insights.series.map((point) => ({
    ...point,
    label: periodLabel(point.period, insights.granularity, format.locale, (date) =>
      t('period.weekOf', { date }),
    ),
  }));
  const periodHeader = t('columns.period', { zone: insights.timeZone });
  const rows = points.map((point) => ({
    key: point.period,
    cells: [
      point.label,
      money.shown(point.settledSales),
      format.count(point.transactionCount),
      money.shown(point.refunded),
    ],
    csv: [
      point.period,
      minorUnitsToDecimal(point.settledSales),
      point.transactionCount,
      minorUnitsToDecimal(point.refunded),
    ],
  }));
  const columns = [
    { label: periodHeader },
    { label: t('columns.settledSales', { currency }), numeric: true },
    { label: t('columns.transactionCount'), numeric: true },
    { label: t('columns.refunded', { currency }), numeric: true },
  ];

  return (
    <>
      <ChartFrame
        name="sales-over-time"
        title={t('charts.salesOverTime')}
        note={note}
        columns={columns}
        rows={rows}
        fileName={csvFileName('sales-over-time', current.from, current.to, insights.timeZone)}
        chart={
          <BarChart
            h={CHART_HEIGHT}
            textColor="gray.8"
            data={points.map((point) => ({
              label: point.label,
              settledSales: money.major(point.settledSales),
              refunded: money.major(point.refunded),
            }))}
            dataKey="label"
            series={[
              { name: 'settledSales', label: t('series.settledSales'), color: 'blue.7' },
              // Refunds are hatched as well as coloured: the legend and the pattern tell them apart.
              { name: 'refunded', label: t('series.refunded'), color: 'orange.8' },
            ]}
            barProps={(series) =>
              series.name === 'refunded' ? { strokeDasharray: '4 2', stroke: '#000' } : {}
            }
            withLegend
            valueFormatter={money.axis}
            barChartProps={{ accessibilityLayer: true, title: t('charts.salesOverTime') }}
          />
        }
      />
      <ChartFrame
        name="transactions-over-time"
        title={t('charts.transactionsOverTime')}
        note={note}
        columns={columns.slice(0, 1).concat(columns[2] ?? [])}
        rows={rows.map((row) => ({
          key: row.key,
          cells: [row.cells[0], row.cells[2]],
          csv: [row.csv[0] ?? '', row.csv[2] ?? ''],
        }))}
        fileName={csvFileName('transactions-over-time', current.from, current.to, insights.timeZone)}
        chart={
          <LineChart
            h={CHART_HEIGHT}
            textColor="gray.8"
            data={points.map((point) => ({ label: point.label, transactionCount: point.transactionCount }))}
            dataKey="label"
            series={[{ name: 'transactionCount', label: t('series.transactionCount'), color: 'teal.8' }]}
            withLegend
            withDots
            valueFormatter={format.count}
            lineChartProps={{ accessibilityLayer: true, title: t('charts.transactionsOverTime') }}
          />
        }
      />
    </>
  );
}

/** The name a split row shows: a program's or location's name, or the product, channel or "online". */
function useSplitLabel(split: InsightsSplit) {
  const { t } = useTranslation('insights');
  return (row: InsightsSplitRow): string => {
    if (row.key === null) return t('split.noLocation');
    if (split === 'productType') return t(`product.${row.key}`);
    if (split === 'channel') return t(`channel.${row.key}`);
    return row.name ?? row.key;
  };
}

/** Settled sales and transactions of one split (by program, product, location or channel). */
export function SplitChart({
  insights,
  format,
  note,
  split,
}: ChartContext & { readonly split: InsightsSplit }) {
  const { t } = useTranslation('insights');
  const label = useSplitLabel(split);
  const { currency } = insights;
  const money = useMoney(currency, format);
  const { current } = insights.periods;
  const items = insights.splits[split];
  const title = t(`charts.split.${split}`);
  const name = `by-${split}`;
  return (
    <ChartFrame
      name={name}
      title={title}
      note={note}
      columns={[
        { label: t(`columns.${split}`) },
        { label: t('columns.settledSales', { currency }), numeric: true },
        { label: t('columns.transactionCount'), numeric: true },
      ]}
      rows={items.map((row) => ({
        key: row.key ?? '',
        cells: [label(row), money.shown(row.settledSales), format.count(row.transactionCount)],
        csv: [label(row), minorUnitsToDecimal(row.settledSales), row.transactionCount],
      }))}
      fileName={csvFileName(name, current.from, current.to, insights.timeZone)}
      chart={
        <BarChart
          h={Math.max(120, 48 * items.length + 60)}
          textColor="gray.8"
          data={items.map((row) => ({ label: label(row), settledSales: money.major(row.settledSales) }))}
          dataKey="label"
          orientation="vertical"
          yAxisProps={{ width: 140 }}
          series={[{ name: 'settledSales', label: t('series.settledSales'), color: 'blue.7' }]}
          valueFormatter={money.axis}
          barChartProps={{ accessibilityLayer: true, title }}
        />
      }
    />
  );
}
