import { Anchor, Group, Loader, SegmentedControl, SimpleGrid, Stack, Text } from '@mantine/core';
import {
  INSIGHTS_GRANULARITIES,
  INSIGHTS_SPLITS,
  defaultGranularity,
  sameDayLastYear,
  type InsightsQuery,
} from '@portal/contracts/insights';
import { PAGES } from '@portal/contracts/routes';
import type { TransactionStatus } from '@portal/contracts/transactions';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { dayIn } from '../../lib/dates/day-ranges';
import { ErrorMessageBox } from '../../components/error-message-box';
import { LoadingPage } from '../../components/loading-page';
import { PageTitle } from '../../components/page-title';
import { useInsights } from '../../features/insights/api/insights';
import { FunnelChart, type FunnelLinks } from '../../features/insights/components/funnel-chart';
import { OverTimeCharts, SplitChart } from '../../features/insights/components/insights-charts';
import { MetricCards } from '../../features/insights/components/metric-cards';
import { DayRangePicker } from '../../components/day-range-picker';
import { chosenRange, INSIGHTS_PRESETS, insightsUrl } from '../../features/insights/insights-url';
import { useCurrentMerchant } from '../../features/merchants/api/current-merchant';
import { selectedProgramIds, useProgramSelection } from '../../features/programs/program-selection';
import { useMerchantPrograms } from '../../features/programs/use-merchant-programs';
import { transactionListUrl } from '../../features/transactions/list-params';
import { useAuth } from '../../lib/auth/auth-context';
import { useFormatters } from '../../lib/format/use-formatters';
import { currentMerchantId } from '../../lib/merchant-selection/merchant-selection';
import { usePublicConfig } from '../../lib/public-config';
import { useUrlState } from '../../lib/url-state/url-state';

interface InsightsPageProps {
  readonly merchantId: string;
  readonly timeZone: string;
}

/** The programs of the header's selection; undefined while every program is selected; null: not known yet. */
function useSelectedPrograms(merchantId: string): readonly string[] | undefined | null {
  const programs = useMerchantPrograms(merchantId);
  const [selection] = useProgramSelection(merchantId);
  if (selection.allProgramsSelected) return undefined;
  if (programs.status !== 'success') return null;
  return selectedProgramIds(
    selection,
    programs.programs.map((program) => program.id),
  );
}

/**
 * Data insights: the merchant's figures for a range of its own days and the header's program
 * selection, beside the period before and the same period last year; over time and split by program,
 * product, location and channel. The range and the granularity live in the URL.
 */
function InsightsPage({ merchantId, timeZone }: InsightsPageProps) {
  const { t } = useTranslation('insights');
  const format = useFormatters(timeZone);
  const [state, setState] = useUrlState(insightsUrl);
  const today = dayIn(timeZone, new Date());
  const chosen = chosenRange(state, today);
  const programIds = useSelectedPrograms(merchantId);
  const query: InsightsQuery | undefined =
    chosen.problem === null && programIds !== null
      ? {
          ...chosen.range,
          ...(programIds === undefined ? {} : { programID: [...programIds] }),
          ...(chosen.granularity === undefined ? {} : { granularity: chosen.granularity }),
        }
      : undefined;
  const insights = useInsights(merchantId, query);
  const data = insights.data;
  const granularity = chosen.granularity ?? defaultGranularity(chosen.range.from, chosen.range.to);

  const { brand } = usePublicConfig();
  const selected = programIds ? [...programIds] : [];
  /** The transaction list with the filters it reads from its URL: these days, programs and statuses. */
  const transactionsHref = (status: TransactionStatus[] = []) => {
    const params = transactionListUrl.serialize({
      ...transactionListUrl.defaults,
      ...chosen.range,
      programID: selected,
      status,
    });
    return `${PAGES.transactions.path}?${params.toString()}`;
  };
  /** The targeting export's shoppers who stopped, with the parameters its page reads. */
  const targetingHref = (filter: { hasFinancing?: 'yes' | 'no'; checkoutStatus?: 'ABANDONED' }) => {
    // The targeting export covers at most a year: a longer range links to its last year.
    const yearBefore = sameDayLastYear(chosen.range.to);
    const from = chosen.range.from < yearBefore ? yearBefore : chosen.range.from;
    const params = new URLSearchParams({ from, to: chosen.range.to, ...filter });
    for (const id of selected) params.append('programs', id);
    return `${PAGES.targetingExport.path}?${params.toString()}`;
  };
  // rbc has no targeting export: its shoppers who stopped are not listed anywhere.
  const hasTargeting = !PAGES.targetingExport.hiddenForBrands.includes(brand);
  const funnelLinks: FunnelLinks = {
    ...(hasTargeting
      ? {
          checkoutStarted: targetingHref({ checkoutStatus: 'ABANDONED' }),
          applied: targetingHref({ hasFinancing: 'no' }),
          approved: targetingHref({ hasFinancing: 'yes' }),
        }
      : {}),
    purchased: transactionsHref(),
    refunded: transactionsHref(['REFUNDED']),
  };

  return (
    <Stack gap="md">
      <PageTitle page="dataInsights" />
      <DayRangePicker
        namespace="insights"
        presets={INSIGHTS_PRESETS}
        choice={chosen.choice}
        range={chosen.range}
        problem={chosen.problem}
        today={today}
        timeZone={timeZone}
        onPreset={(preset) => {
          setState({ preset, from: undefined, to: undefined, granularity: undefined });
        }}
        onCustom={(range) => {
          setState({ preset: undefined, ...range, granularity: undefined });
        }}
      />
      {chosen.problem !== null ? null : insights.isError ? (
        <ErrorMessageBox error={insights.error} onRetry={() => void insights.refetch()} />
      ) : data === undefined ? (
        <Group gap="xs" role="status">
          <Loader size="sm" aria-hidden="true" />
          <Text size="sm">{t('loading')}</Text>
        </Group>
      ) : (
        <Stack gap="md" aria-busy={insights.isFetching}>
          <MetricCards insights={data} format={format} />
          <Anchor component={Link} to={transactionsHref()} size="sm">
            {t('links.transactions')}
          </Anchor>
          <SegmentedControl
            aria-label={t('granularity.label')}
            value={granularity}
            onChange={(value) => {
              const next = INSIGHTS_GRANULARITIES.find((candidate) => candidate === value);
              setState((current) => ({ ...current, granularity: next }));
            }}
            data={INSIGHTS_GRANULARITIES.map((value) => ({ value, label: t(`granularity.${value}`) }))}
            style={{ alignSelf: 'flex-start' }}
          />
          <OverTimeCharts
            insights={data}
            format={format}
            note={noteOf(t, format.dateTime(data.asOf), data.timeZone)}
          />
          <FunnelChart
            insights={data}
            format={format}
            note={noteOf(t, format.dateTime(data.asOf), data.timeZone)}
            links={funnelLinks}
          />
          <SimpleGrid cols={{ base: 1, lg: 2 }} spacing="md">
            {INSIGHTS_SPLITS.map((split) => (
              <SplitChart
                key={split}
                split={split}
                insights={data}
                format={format}
                note={noteOf(t, format.dateTime(data.asOf), data.timeZone)}
              />
            ))}
          </SimpleGrid>
        </Stack>
      )}
    </Stack>
  );
}

function noteOf(t: (key: string, options: Record<string, string>) => string, asOf: string, zone: string) {
  return t('chart.note', { asOf, zone });
}

function InsightsForMerchant({ merchantId }: { readonly merchantId: string }) {
  const merchant = useCurrentMerchant(merchantId);
  if (merchant.isError) {
    return <ErrorMessageBox error={merchant.error} onRetry={() => void merchant.refetch()} />;
  }
  if (merchant.data === undefined) return <LoadingPage />;
  return <InsightsPage merchantId={merchantId} timeZone={merchant.data.timeZone} />;
}

export function Component() {
  const { claims } = useAuth();
  const merchantId = claims ? currentMerchantId(claims) : null;
  // The signed-in shell renders pages only with a token for a chosen merchant.
  if (!claims || merchantId === null) return null;
  return <InsightsForMerchant key={merchantId} merchantId={merchantId} />;
}
