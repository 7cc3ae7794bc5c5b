import type { AuditEntry } from '@portal/contracts/audit';
import {
  auditEntriesEndpoint,
  auditFacetsEndpoint,
  exportAuditEntriesEndpoint,
} from '@portal/contracts/audit-endpoints';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { callEndpoint } from '../../../lib/http/call-endpoint';
import { downloadFile } from '../../../lib/http/download-file';
import type { QueryParams } from '../../../lib/http/query-string';
import { retryOnce } from '../../../lib/http/retry-once';

// `before` and `after` stay as the server wrote them: a date in them is shown as the text it was sent as.
export type AuditEntryAnswer = AuditEntry;

/** Per merchant: a merchant switch must never show the last merchant's log. */
const auditKeys = {
  list: (merchantId: string, query: QueryParams) => ['audit', merchantId, 'list', query] as const,
  facets: (merchantId: string) => ['audit', merchantId, 'facets'] as const,
};

/** `GET /api/audit-entries`: a page of the merchant's log. */
export function useAuditPage(merchantId: string, query: QueryParams) {
  return useQuery({
    queryKey: auditKeys.list(merchantId, query),
    queryFn: async ({ signal }) => (await callEndpoint(auditEntriesEndpoint, { query, signal })).data,
    placeholderData: keepPreviousData,
    retry: retryOnce,
  });
}

/** `GET /api/audit-entries/facets`: the users and kinds the filters offer. */
export function useAuditFacets(merchantId: string) {
  return useQuery({
    queryKey: auditKeys.facets(merchantId),
    queryFn: async ({ signal }) => (await callEndpoint(auditFacetsEndpoint, { signal })).data,
    retry: retryOnce,
  });
}

/** `GET /api/audit-entries/export.csv`: the whole filtered log, into the browser's downloads. */
export function downloadAuditCsv({ query }: { query: QueryParams }): Promise<void> {
  return downloadFile(exportAuditEntriesEndpoint, 'audit-log.csv', { query });
}
