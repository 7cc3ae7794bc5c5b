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

/**
 * How often a message waiting to be sent is read again: the sender delivers (or keeps) it within
 * seconds of its queueing, and a page read at that moment would otherwise show "Waiting to send" and
 * no attempt long after it went.
 */
const WAITING_REFRESH_MS = 3_000;

const isWaiting = (email: EmailSummary) => email.status === 'PENDING';

/** `GET /api/emails`: a page of the outbox, newest first. */
export function useEmailPage(query: QueryParams) {
  return useQuery({
    queryKey: outboxKeys.list(query),
    queryFn: async ({ signal }) => (await callEndpoint(emailsEndpoint, { query, signal })).data,
    placeholderData: keepPreviousData,
    retry: retryOnce,
    refetchInterval: ({ state }) => (state.data?.items.some(isWaiting) === true ? WAITING_REFRESH_MS : false),
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
    refetchInterval: ({ state }) =>
      state.data !== undefined && isWaiting(state.data) ? WAITING_REFRESH_MS : false,
  });
}
