import type { PageName } from '@portal/contracts/routes';
import { useMatches } from 'react-router';

/** Each page's route carries its name, so that the guard and the navigation know which page is shown. */
export interface PageHandle {
  readonly page: PageName;
}

function pageOf(handle: unknown): PageName | undefined {
  return typeof handle === 'object' && handle !== null && 'page' in handle
    ? (handle as PageHandle).page
    : undefined;
}

/** The page of the deepest matched route; undefined on a path the portal does not have. */
export function useCurrentPage(): PageName | undefined {
  const matches = useMatches();
  return matches.map((match) => pageOf(match.handle)).findLast((page) => page !== undefined);
}
