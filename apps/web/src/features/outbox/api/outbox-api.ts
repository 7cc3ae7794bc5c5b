import type { EmailDetail, EmailSummary } from '@portal/contracts/emails';
import { emailEndpoint, emailsEndpoint } from '@portal/contracts/emails-endpoints';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { callEndpoint } from '../../../lib/http/call-endpoint';
import type { QueryParams } from '../../../lib/http/query-string';
import { retryOnce } from '../../../lib/http/retry-once';

export type EmailAnswer = EmailSummary;
export type EmailDetailAnswer = EmailDetail;

/** The outbox is the provider's, not a merchant's: its keys do not change with the chosen merchant. */
const outboxKeys = {
  list: (query: QueryParams) => ['outbox', 'list', query] as const,
  detail: (id: string) => ['outbox', 'detail', id] as const,
};

/** `GET /api/emails`: a page of the outbox, newest first. */
export function useEmailPage(query: QueryParams) {
  return useQuery({
    queryKey: outboxKeys.list(query),
    queryFn: async ({ signal }) => (await callEndpoint(emailsEndpoint, { query, signal })).data,
    placeholderData: keepPreviousData,
    retry: retryOnce,
  });
}

/** `GET /api/emails/:emailId`: one message with its HTML and text. */
export function useEmailDetail(emailId: string | undefined) {
  return useQuery({
    queryKey: outboxKeys.detail(emailId ?? ''),
    queryFn: async ({ signal }) =>
      (await callEndpoint(emailEndpoint, { params: { emailId: emailId ?? '' }, signal })).data,
    enabled: emailId !== undefined,
    retry: retryOnce,
  });
}
