import {
  DEFAULT_LOCATION_PAGE_SIZE,
  LOCATION_PAGE_SIZES,
  LOCATION_SORTS,
  LOCATION_STATUSES,
} from '@portal/contracts/locations';
import { z } from 'zod';
import type { QueryParams } from '../../lib/http/query-string';
import { defineListUrl } from '../../lib/url-state/list-state';
import { urlList, urlText } from '../../lib/url-state/url-params';

/** The location list in the URL, with the API's parameter names. */
export const locationListUrl = defineListUrl(
  { search: urlText(200), status: urlList(z.enum(LOCATION_STATUSES)) },
  {
    sorts: LOCATION_SORTS,
    defaultSort: 'name',
    defaultOrder: 'asc',
    pageSizes: LOCATION_PAGE_SIZES,
    defaultPageSize: DEFAULT_LOCATION_PAGE_SIZE,
    maxOffset: 100_000,
  },
);

export type LocationListState = typeof locationListUrl.defaults;

/** The filters and sort shared by the page and the export. */
export function locationFilterQuery(state: LocationListState): QueryParams {
  return {
    search: state.search,
    status: state.status.length > 0 ? state.status : undefined,
    sort: state.sort,
    order: state.order,
  };
}

export function locationPageQuery(state: LocationListState): QueryParams {
  return { ...locationFilterQuery(state), limit: state.limit, offset: state.offset };
}
