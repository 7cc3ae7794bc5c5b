import { decideAccess, PAGES } from '@portal/contracts/routes';
import type { ReactNode } from 'react';
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
  switch (decideAccess(PAGES[page], context)) {
    case 'hidden':
      return <NotFoundPage />;
    case 'denied':
      return <PermissionDeniedPage />;
    case 'allowed':
      return children;
  }
}
