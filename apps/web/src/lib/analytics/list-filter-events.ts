import { track } from './analytics';

/**
 * The analytics of one list's filters (specification: filters and searches are events): which filter
 * was applied and that a search happened. Never the values: what a merchant looks for is its business.
 */
export function listFilterEvents(list: string) {
  return {
    applied: (filter: string) => {
      track('filter_applied', { list, filter });
    },
    searched: (search: string | undefined) => {
      if (search !== undefined) track('search_performed', { list });
    },
  };
}
