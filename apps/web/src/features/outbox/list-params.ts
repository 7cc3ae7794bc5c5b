import { DEFAULT_EMAIL_PAGE_SIZE, EMAIL_PAGE_SIZES, EMAIL_STATUSES } from '@portal/contracts/emails';
import { z } from 'zod';
import type { QueryParams } from '../../lib/http/query-string';
import { defineListUrl } from '../../lib/url-state/list-state';
import { urlText } from '../../lib/url-state/url-params';

/** The outbox in the URL, with the API's parameter names. Newest first is the only order. */
export const outboxListUrl = defineListUrl(
  {
    to: urlText(320),
    template: z.string().trim().min(1).max(100).optional(),
    status: z.enum(EMAIL_STATUSES).optional(),
  },
  {
    sorts: ['createdAt'],
    defaultSort: 'createdAt',
    defaultOrder: 'desc',
    pageSizes: EMAIL_PAGE_SIZES,
    defaultPageSize: DEFAULT_EMAIL_PAGE_SIZE,
  },
);

export type OutboxListState = typeof outboxListUrl.defaults;

export function outboxPageQuery(state: OutboxListState): QueryParams {
  return {
    to: state.to,
    template: state.template,
    status: state.status,
    limit: state.limit,
    offset: state.offset > 0 ? state.offset : undefined,
  };
}
