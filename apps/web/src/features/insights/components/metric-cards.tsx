import { Paper, SimpleGrid, Stack, Text } from '@mantine/core';
import type { Insights, InsightsMetrics } from '@portal/contracts/insights';
import { useTranslation } from 'react-i18next';
import type { Formatters } from '../../../lib/format/use-formatters';

type MetricName = keyof InsightsMetrics;
const METRICS: readonly MetricName[] = [
  'settledSales',
  'transactionCount',
  'averageOrderValue',
  'refundRate',
  'applications',
  'approvalRate',
];
const RATES: ReadonlySet<MetricName> = new Set(['refundRate', 'approvalRate']);

/** A metric as a number to compare: minor units, a count or a fraction; null where there is none. */
function numberOf(metrics: InsightsMetrics, name: MetricName): number | null {
  const value = metrics[name];
  if (value === null) return null;
  return typeof value === 'number' ? value : value.value;
}

export interface MetricCardsProps {
  readonly insights: Insights;
  readonly format: Formatters;
}

/**
 * The figures of the period, each with the period before and the same period last year beside it, and
 * the change in words and signs (never by colour alone).
 */
export function MetricCards({ insights, format }: MetricCardsProps) {
  const { t } = useTranslation('insights');
  const { metrics } = insights;
  const percent = new Intl.NumberFormat(format.locale, { style: 'percent', maximumFractionDigits: 1 });
  const signed = new Intl.NumberFormat(format.locale, {
    style: 'percent',
    maximumFractionDigits: 1,
    signDisplay: 'exceptZero',
  });
  const points = new Intl.NumberFormat(format.locale, {
    maximumFractionDigits: 1,
    signDisplay: 'exceptZero',
  });

  const shown = (values: InsightsMetrics, name: MetricName): string => {
    const value = values[name];
    if (value === null) return t('metrics.none');
    if (typeof value !== 'number') return format.money(value);
    return RATES.has(name) ? percent.format(value) : format.count(value);
  };
  const change = (name: MetricName, before: InsightsMetrics): string => {
    const now = numberOf(metrics.current, name);
    const then = numberOf(before, name);
    if (now === null || then === null) return t('metrics.noChange');
    // Rates change in percentage points; amounts and counts relative to what they were.
    if (RATES.has(name)) return t('metrics.points', { value: points.format((now - then) * 100) });
    if (then === 0) return t('metrics.noChange');
    return signed.format((now - then) / then);
  };

  return (
    <SimpleGrid
      cols={{ base: 1, xs: 2, md: 3 }}
      spacing="sm"
      component="ul"
      style={{ listStyle: 'none', padding: 0 }}
    >
      {METRICS.map((name) => (
        <Paper key={name} component="li" withBorder p="sm" aria-label={t(`metrics.${name}`)}>
          <Stack gap={4}>
            <Text size="sm" fw={600}>
              {t(`metrics.${name}`)}
            </Text>
            <Text size="xl" fw={700} data-testid={`metric-${name}`}>
              {shown(metrics.current, name)}
            </Text>
            <Text size="xs">
              {t('metrics.previous', {
                value: shown(metrics.previous, name),
                change: change(name, metrics.previous),
              })}
            </Text>
            <Text size="xs">
              {t('metrics.lastYear', {
                value: shown(metrics.lastYear, name),
                change: change(name, metrics.lastYear),
              })}
            </Text>
          </Stack>
        </Paper>
      ))}
    </SimpleGrid>
  );
}
