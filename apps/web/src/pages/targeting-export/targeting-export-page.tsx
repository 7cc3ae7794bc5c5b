import { Button, Group, Stack, Text, Title } from '@mantine/core';
import {
  TARGETING_DEFAULT_DAYS,
  targetingWindowProblem,
  type TargetingExport,
  type TargetingRow,
} from '@portal/contracts/targeting';
import { IconDownload } from '@tabler/icons-react';
import { useCallback, useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DataTable } from '../../components/data-table/data-table';
import { addDays, dayIn } from '../../lib/dates/day-ranges';
import { PageTitle } from '../../components/page-title';
import { useCurrentMerchant } from '../../features/merchants/api/current-merchant';
import { selectedProgramIds, useProgramSelection } from '../../features/programs/program-selection';
import { useMerchantPrograms } from '../../features/programs/use-merchant-programs';
import { useTargetingDownloads, useTargetingPreview } from '../../features/targeting/api/targeting-api';
import { ExportHistory } from '../../features/targeting/components/export-history';
import { TargetingForm } from '../../features/targeting/components/targeting-form';
import { targetingColumns } from '../../features/targeting/components/targeting-columns';
import { targetingQuery, targetingUrl } from '../../features/targeting/url-state';
import { effectivePrograms } from '../../features/transactions/list-params';
import { showErrorAlert } from '../../lib/alerts/alert-store';
import { useAuth } from '../../lib/auth/auth-context';
import { useFormatters } from '../../lib/format/use-formatters';
import { isLocale } from '../../lib/i18n/language';
import { currentMerchantId } from '../../lib/merchant-selection/merchant-selection';
import { useUrlState } from '../../lib/url-state/url-state';

const getRowId = (row: TargetingRow) => row.email;

/**
 * The targeting export: the shoppers who prequalified or applied in a window of the merchant's days
 * and have not completed a checkout, previewed with their count, downloaded as CSV, and every export
 * listed below (a list of the portal's, its parameters behind `history.`) to be taken again. The
 * selection lives in the URL (features/targeting/README.md); the header's program selection narrows
 * it, as it does the transactions.
 */
function TargetingExportPage({ merchantId }: { readonly merchantId: string }) {
  const { t, i18n } = useTranslation('targeting');
  const [state, setState] = useUrlState(targetingUrl);
  const merchant = useCurrentMerchant(merchantId);
  const timeZone = merchant.data?.timeZone;
  const zone = timeZone ?? 'UTC';
  const format = useFormatters(zone);
  const today = dayIn(zone, new Date());
  const window = {
    from: state.from ?? addDays(state.to ?? today, -(TARGETING_DEFAULT_DAYS - 1)),
    to: state.to ?? today,
  };
  const problem = targetingWindowProblem(window.from, window.to, today);

  const programs = useMerchantPrograms(merchantId);
  const [selection] = useProgramSelection(merchantId);
  const merchantPrograms = useMemo(
    () => (programs.status === 'success' ? programs.programs : []),
    [programs],
  );
  const selectionIds = selection.allProgramsSelected
    ? undefined
    : selectedProgramIds(
        selection,
        merchantPrograms.map((program) => program.id),
      );
  const programOptions = merchantPrograms
    .filter((program) => selectionIds === undefined || selectionIds.includes(program.id))
    .map((program) => ({ value: program.id, label: program.name }));
  const programNames = useMemo(
    () => new Map(merchantPrograms.map((program) => [program.id, program.name])),
    [merchantPrograms],
  );
  const query = targetingQuery(state, window, effectivePrograms(state.programs, selectionIds));

  // Asked once the merchant's zone is known (the window's days are its) and the window is valid.
  const preview = useTargetingPreview(merchantId, query, timeZone !== undefined && problem === null);
  const { exportSelection, downloadAgain } = useTargetingDownloads(merchantId);
  const [downloading, setDownloading] = useState(false);
  const locale = isLocale(i18n.language) ? i18n.language : 'en';
  const onDownloadAgain = useCallback(
    (record: TargetingExport) => downloadAgain(record.id, locale),
    [downloadAgain, locale],
  );

  const { error: previewError } = preview;
  useEffect(() => {
    if (previewError !== null) showErrorAlert(previewError);
  }, [previewError]);

  const columns = useMemo(
    () => targetingColumns({ t, format, timeZone: zone, day: (instant) => dayIn(zone, instant) }),
    [t, format, zone],
  );
  const total = preview.data?.total;
  const shown = preview.data?.items.length ?? 0;

  return (
    <Stack gap="lg">
      <PageTitle page="targetingExport" />
      <Stack gap={4}>
        <Text>{t('intro')}</Text>
        <Text size="sm" c="dark.4">
          {t('timeZone', { timeZone: zone })}
        </Text>
      </Stack>
      <TargetingForm
        state={state}
        window={window}
        today={today}
        problem={problem}
        programs={programOptions}
        onChange={(next) => {
          setState((current) => ({ ...current, ...next }));
        }}
      />
      <Stack gap="sm" component="section" aria-labelledby="targeting-preview">
        <Group justify="space-between" align="center" wrap="wrap" gap="sm">
          <Title order={2} id="targeting-preview" size="h3">
            {t('preview.heading')}
          </Title>
          <Button
            leftSection={<IconDownload size={16} aria-hidden="true" />}
            loading={downloading}
            disabled={problem !== null || timeZone === undefined}
            onClick={() => {
              setDownloading(true);
              exportSelection(query, locale)
                .catch(showErrorAlert)
                .finally(() => {
                  setDownloading(false);
                });
            }}
          >
            {t('download')}
          </Button>
        </Group>
        <Text aria-live="polite" data-testid="targeting-count" fw={600}>
          {problem !== null
            ? t('preview.invalid')
            : total === undefined
              ? ' '
              : t('preview.count', { count: total })}
        </Text>
        {problem === null && total !== undefined && total > shown ? (
          <Text size="sm">
            {t('preview.firstRows', { shown: format.count(shown), total: format.count(total) })}
          </Text>
        ) : null}
        {problem === null ? (
          <DataTable
            label={t('preview.label')}
            columns={columns}
            rows={preview.data?.items}
            status={preview.isError ? 'error' : preview.data ? 'success' : 'pending'}
            error={preview.error}
            onRetry={() => void preview.refetch()}
            refreshing={preview.isPlaceholderData}
            getRowId={getRowId}
            empty={t('preview.empty')}
            skeletonRows={5}
            focusableFrame
          />
        ) : null}
      </Stack>
      <ExportHistory
        merchantId={merchantId}
        format={format}
        timeZone={zone}
        programNames={programNames}
        onDownload={onDownloadAgain}
      />
    </Stack>
  );
}

/** `/targeting-export` (bread only). */
export function Component() {
  const { claims } = useAuth();
  const merchantId = claims ? currentMerchantId(claims) : null;
  // The signed-in shell renders pages only with a token for a chosen merchant.
  if (!claims || merchantId === null) return null;
  return <TargetingExportPage key={merchantId} merchantId={merchantId} />;
}
