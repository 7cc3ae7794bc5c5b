import { decideAccess, PAGES, type RouteRequirement } from '@portal/contracts/routes';
import type { ReactNode } from 'react';
import { LoadingPage } from '../components/loading-page';
import { useAccessContext } from '../lib/access/access-context';
import { NotFoundPage } from '../pages/not-found/not-found-page';
import { PermissionDeniedPage } from '../pages/permission-denied/permission-denied-page';
import { useCurrentPage } from './current-page';

/**
 * The one place a page's requirements (contracts' PAGES: scopes, program, flag, brand) are checked
 * before it renders. The navigation reads the same decision through `visiblePages`.
 */
export function RouteGuard({ children }: { readonly children: ReactNode }) {
  const page = useCurrentPage();
  const context = useAccessContext();
  if (!page) return children;
  const requirement: RouteRequirement = PAGES[page];
  // Not Permission Denied for a program that is merely still loading.
  if (context.programsLoading && requirement.program !== undefined) return <LoadingPage />;
  switch (decideAccess(requirement, context)) {
    case 'hidden':
      return <NotFoundPage />;
    case 'denied':
      return <PermissionDeniedPage />;
    case 'allowed':
      return children;
  }
}
