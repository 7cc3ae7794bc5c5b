import { AUDIT_PAGE_SIZES, DEFAULT_AUDIT_PAGE_SIZE, MAX_AUDIT_OFFSET } from '@portal/contracts/audit';
import { z } from 'zod';
import type { QueryParams } from '../../lib/http/query-string';
import { defineListUrl } from '../../lib/url-state/list-state';
import { urlDay } from '../../lib/url-state/url-params';

const idText = z.string().trim().min(1).max(100);

/** The audit log in the URL, with the API's names; days are the merchant's. */
export const auditListUrl = defineListUrl(
  {
    actorUserId: idText.optional(),
    kind: idText.optional(),
    from: urlDay(),
    to: urlDay(),
  },
  {
    sorts: ['createdAt'],
    defaultSort: 'createdAt',
    defaultOrder: 'desc',
    pageSizes: AUDIT_PAGE_SIZES,
    defaultPageSize: DEFAULT_AUDIT_PAGE_SIZE,
    maxOffset: MAX_AUDIT_OFFSET,
  },
  { ranges: [['from', 'to']] },
);

export type AuditListState = typeof auditListUrl.defaults;

/** The filters shared by the list and the export, with the order. */
export function auditFilterQuery(state: AuditListState): QueryParams {
  return {
    actorUserId: state.actorUserId,
    kind: state.kind,
    from: state.from,
    to: state.to,
    order: state.order,
  };
}

export function auditPageQuery(state: AuditListState): QueryParams {
  return {
    ...auditFilterQuery(state),
    limit: state.limit,
    offset: state.offset > 0 ? state.offset : undefined,
  };
}
