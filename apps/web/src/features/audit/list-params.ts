import { AUDIT_PAGE_SIZES, DEFAULT_AUDIT_PAGE_SIZE, MAX_AUDIT_OFFSET } from '@portal/contracts/audit';
import { z } from 'zod';
import type { QueryParams } from '../../lib/http/query-string';
import { listShape } from '../../lib/url-state/list-state';
import { urlDay } from '../../lib/url-state/url-params';
import { defineUrlState, type UrlStateOf } from '../../lib/url-state/url-state';

const idText = z.string().trim().min(1).max(100);

/** The audit log in the URL, with the API's names; days are the merchant's. */
const shape = {
  actorUserId: idText.optional(),
  kind: idText.optional(),
  from: urlDay(),
  to: urlDay(),
  ...listShape({
    sorts: ['createdAt'],
    defaultSort: 'createdAt',
    defaultOrder: 'desc',
    pageSizes: AUDIT_PAGE_SIZES,
    defaultPageSize: DEFAULT_AUDIT_PAGE_SIZE,
    maxOffset: MAX_AUDIT_OFFSET,
  }),
};

export type AuditListState = UrlStateOf<typeof shape>;

/** A range given backwards (a hand-edited link) is read the right way round rather than refused. */
function normalize(state: AuditListState): AuditListState {
  if (state.from === undefined || state.to === undefined || state.from <= state.to) return state;
  return { ...state, from: state.to, to: state.from };
}

export const auditListUrl = defineUrlState(shape, { normalize });

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
