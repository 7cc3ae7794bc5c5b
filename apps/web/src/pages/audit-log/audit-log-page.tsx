import { Stack } from '@mantine/core';
import type { Locale } from '@portal/contracts/brands';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { ListView } from '../../components/data-table/list-view';
import { PageTitle } from '../../components/page-title';
import {
  downloadAuditCsv,
  useAuditFacets,
  useAuditPage,
  type AuditEntryAnswer,
} from '../../features/audit/api/audit-api';
import { auditColumns } from '../../features/audit/components/audit-columns';
import { auditFilters } from '../../features/audit/components/audit-filters';
import { auditFilterQuery, auditListUrl, auditPageQuery } from '../../features/audit/list-params';
import { useAuditLabels } from '../../features/audit/use-audit-labels';
import { useKindLabel } from '../../features/audit/use-kind-label';
import { useCurrentMerchant } from '../../features/merchants/api/current-merchant';
import { useFormatters } from '../../lib/format/use-formatters';
import { useAuth } from '../../lib/auth/auth-context';
import { currentMerchantId } from '../../lib/merchant-selection/merchant-selection';
import { useListState } from '../../lib/url-state/list-state';

const getRowId = (row: AuditEntryAnswer) => row.id;

/**
 * The merchant's audit log (ours, scope `r:merchant.audit`): who changed what and when, with the
 * changed fields before and after; filtered by user, kind and days of the merchant's time zone, in the
 * URL like every list; the whole filtered log as CSV.
 */
function AuditLogPage({ merchantId }: { readonly merchantId: string }) {
  const { t } = useTranslation('audit');
  const list = useListState(auditListUrl);
  const { params } = list;
  const merchant = useCurrentMerchant(merchantId);
  const page = useAuditPage(merchantId, auditPageQuery(params));
  const facets = useAuditFacets(merchantId);
  const timeZone = merchant.data?.timeZone ?? page.data?.timeZone ?? 'UTC';
  const format = useFormatters(timeZone);
  const kindLabel = useKindLabel();
  const labels = useAuditLabels();

  const columns = useMemo(
    () => auditColumns({ t, dateTime: format.dateTime, kindLabel, labels }),
    [t, format, kindLabel, labels],
  );
  const filters = auditFilters({ t, facets: facets.data, kindLabel, timeZone });
  const exportCsv = (locale: Locale) => downloadAuditCsv({ query: { ...auditFilterQuery(params), locale } });

  return (
    <Stack gap="md">
      <PageTitle page="auditLog" />
      <ListView
        name="audit"
        list={list}
        page={page}
        columns={columns}
        filters={filters}
        getRowId={getRowId}
        label={t('list.label')}
        filterLabel={t('list.filterLabel')}
        empty={{ filtered: t('list.empty'), none: t('list.noneYet') }}
        onExport={exportCsv}
      />
    </Stack>
  );
}

export function Component() {
  const { claims } = useAuth();
  const merchantId = claims ? currentMerchantId(claims) : null;
  // The signed-in shell renders pages only with a token for a chosen merchant.
  if (!claims || merchantId === null) return null;
  return <AuditLogPage key={merchantId} merchantId={merchantId} />;
}
