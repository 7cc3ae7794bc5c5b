import type { Locale } from '@portal/contracts/brands';
import type { TargetingPreview } from '@portal/contracts/targeting';
import {
  createTargetingExportEndpoint,
  exportTargetingHistoryEndpoint,
  targetingExportersEndpoint,
  targetingExportFileEndpoint,
  targetingExportsEndpoint,
  targetingPreviewEndpoint,
} from '@portal/contracts/targeting-endpoints';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { track } from '../../../lib/analytics/analytics';
import { callEndpoint } from '../../../lib/http/call-endpoint';
import { downloadFile } from '../../../lib/http/download-file';
import type { QueryParams } from '../../../lib/http/query-string';
import { retryOnce } from '../../../lib/http/retry-once';
import type { targetingQuery } from '../url-state';

type Selection = ReturnType<typeof targetingQuery>;

const targetingKeys = {
  all: (merchantId: string) => ['targeting', merchantId] as const,
  preview: (merchantId: string, query: Selection) => ['targeting', merchantId, 'preview', query] as const,
  /** The history's pages and its users: read again after each export or download. */
  exports: (merchantId: string) => ['targeting', merchantId, 'exports'] as const,
  history: (merchantId: string, query: QueryParams) =>
    ['targeting', merchantId, 'exports', 'page', query] as const,
  exporters: (merchantId: string) => ['targeting', merchantId, 'exports', 'users'] as const,
};

/** `GET /api/targeting/preview`: the first shoppers and the count; not asked while the window is invalid. */
export function useTargetingPreview(merchantId: string, query: Selection, enabled: boolean) {
  return useQuery({
    queryKey: targetingKeys.preview(merchantId, query),
    queryFn: async ({ signal }): Promise<TargetingPreview> =>
      (await callEndpoint(targetingPreviewEndpoint, { query, signal })).data,
    placeholderData: keepPreviousData,
    retry: retryOnce,
    enabled,
  });
}

/** `GET /api/targeting/exports`: a page of the history. */
export function useTargetingHistory(merchantId: string, query: QueryParams) {
  return useQuery({
    queryKey: targetingKeys.history(merchantId, query),
    queryFn: async ({ signal }) => (await callEndpoint(targetingExportsEndpoint, { query, signal })).data,
    placeholderData: keepPreviousData,
    retry: retryOnce,
  });
}

/** `GET /api/targeting/exports/users`: the users the history's filter offers. */
export function useTargetingExporters(merchantId: string) {
  return useQuery({
    queryKey: targetingKeys.exporters(merchantId),
    queryFn: async ({ signal }) => (await callEndpoint(targetingExportersEndpoint, { signal })).data,
    retry: retryOnce,
  });
}

/** `GET /api/targeting/exports/export.csv`: the whole filtered history, into the browser's downloads. */
export function downloadTargetingHistoryCsv({ query }: { query: QueryParams }): Promise<void> {
  return downloadFile(exportTargetingHistoryEndpoint, 'targeting-exports.csv', { query });
}

/** An export's file into the browser's downloads, counted as `export_downloaded`. */
async function downloadExport(id: string, locale: Locale): Promise<void> {
  await downloadFile(targetingExportFileEndpoint, 'targeting.csv', { params: { id }, query: { locale } });
  track('export_downloaded', { list: 'targeting' });
}

/**
 * Records an export of the selection and downloads its file; and downloads a recorded one again. The
 * history is read again after either.
 */
export function useTargetingDownloads(merchantId: string) {
  const queryClient = useQueryClient();
  const refresh = useCallback(
    () => queryClient.invalidateQueries({ queryKey: targetingKeys.exports(merchantId) }),
    [queryClient, merchantId],
  );
  const exportSelection = useCallback(
    async (query: Selection, locale: Locale) => {
      const { data } = await callEndpoint(createTargetingExportEndpoint, { body: query });
      await refresh();
      await downloadExport(data.id, locale);
    },
    [refresh],
  );
  const downloadAgain = useCallback(
    async (id: string, locale: Locale) => {
      await downloadExport(id, locale);
      await refresh();
    },
    [refresh],
  );
  return { exportSelection, downloadAgain };
}
