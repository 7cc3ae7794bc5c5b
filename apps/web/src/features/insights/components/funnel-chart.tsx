import { BarChart } from '@mantine/charts';
import { Anchor, List } from '@mantine/core';
import { FUNNEL_STEPS, type FunnelStep } from '@portal/contracts/insights';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { csvFileName } from '../chart-csv';
import { ChartFrame } from './chart-frame';
import type { ChartContext } from './insights-charts';

/** Where a step's shoppers are listed: the transactions, or the targeting export for those who stopped. */
export type FunnelLinks = Readonly<Partial<Record<FunnelStep, string>>>;

/**
 * The BNPL funnel of the applications begun in the period: each step with its count and the share of
 * the step before that reached it, and a link to the list of its shoppers or transactions.
 */
export function FunnelChart({
  insights,
  format,
  note,
  links,
}: ChartContext & { readonly links: FunnelLinks }) {
  const { t } = useTranslation('insights');
  const { current } = insights.periods;
  const percent = new Intl.NumberFormat(format.locale, { style: 'percent', maximumFractionDigits: 1 });
  const steps = FUNNEL_STEPS.map((step, index) => {
    const count = insights.funnel[step];
    const before = index === 0 ? undefined : insights.funnel[FUNNEL_STEPS[index - 1] ?? step];
    const rate = before === undefined || before === 0 ? null : count / before;
    return { step, label: t(`funnel.steps.${step}`), count, rate };
  });
  const title = t('charts.funnel');
  return (
    <ChartFrame
      name="funnel"
      title={title}
      note={note}
      columns={[
        { label: t('columns.step') },
        { label: t('columns.count'), numeric: true },
        { label: t('columns.rate'), numeric: true },
      ]}
      rows={steps.map(({ step, label, count, rate }) => ({
        key: step,
        cells: [label, format.count(count), rate === null ? t('metrics.none') : percent.format(rate)],
        csv: [label, count, rate === null ? '' : Number(rate.toFixed(4))],
      }))}
      fileName={csvFileName('funnel', current.from, current.to, insights.timeZone)}
      chart={
        <BarChart
          h={260}
          textColor="gray.8"
          data={steps.map(({ label, count, rate }) => ({
            // The rate from the step before is written under each bar: the chart needs no colour to read.
            label: rate === null ? label : `${label} (${percent.format(rate)})`,
            count,
          }))}
          dataKey="label"
          series={[{ name: 'count', label: t('columns.count'), color: 'blue.7' }]}
          valueFormatter={format.count}
          barChartProps={{ accessibilityLayer: true, title }}
        />
      }
      footer={
        <List size="sm" spacing={4}>
          {steps.map(({ step }) => {
            const href = links[step];
            return href === undefined ? null : (
              <List.Item key={step}>
                <Anchor component={Link} to={href}>
                  {t(`funnel.links.${step}`)}
                </Anchor>
              </List.Item>
            );
          })}
        </List>
      }
    />
  );
}
