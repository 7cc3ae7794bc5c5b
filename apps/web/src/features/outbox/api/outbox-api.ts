import { paginationSchema } from '@portal/contracts/api';
import { EMAIL_PATH, EMAILS_PATH, emailDetailSchema, emailSummarySchema } from '@portal/contracts/emails';
import { href } from '@portal/contracts/routes';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { apiRequest } from '../../../lib/http/http-client';
import { answerDateTime } from '../../../lib/http/answer-dates';
import type { QueryParams } from '../../../lib/http/query-string';
import { retryOnce } from '../../../lib/http/retry-once';

const dates = {
  nextAttemptAt: answerDateTime,
  sentAt: answerDateTime.nullable(),
  createdAt: answerDateTime,
};

const emailAnswerSchema = emailSummarySchema.extend(dates);
export type EmailAnswer = z.infer<typeof emailAnswerSchema>;
const emailDetailAnswerSchema = emailDetailSchema.extend(dates);
export type EmailDetailAnswer = z.infer<typeof emailDetailAnswerSchema>;

const emailPageAnswerSchema = z.object({
  data: z.object({ items: z.array(emailAnswerSchema), pagination: paginationSchema }),
});

/** The outbox is the provider's, not a merchant's: its keys do not change with the chosen merchant. */
const outboxKeys = {
  list: (query: QueryParams) => ['outbox', 'list', query] as const,
  detail: (id: string) => ['outbox', 'detail', id] as const,
};

/** `GET /api/emails`: a page of the outbox, newest first. */
export function useEmailPage(query: QueryParams) {
  return useQuery({
    queryKey: outboxKeys.list(query),
    queryFn: async ({ signal }) =>
      (await apiRequest(EMAILS_PATH, { query, schema: emailPageAnswerSchema, signal })).data,
    placeholderData: keepPreviousData,
    retry: retryOnce,
  });
}

/** `GET /api/emails/:emailId`: one message with its HTML and text. */
export function useEmailDetail(emailId: string | undefined) {
  return useQuery({
    queryKey: outboxKeys.detail(emailId ?? ''),
    queryFn: async ({ signal }) =>
      (
        await apiRequest(href(EMAIL_PATH, { emailId: emailId ?? '' }), {
          schema: z.object({ data: emailDetailAnswerSchema }),
          signal,
        })
      ).data,
    enabled: emailId !== undefined,
    retry: retryOnce,
  });
}
