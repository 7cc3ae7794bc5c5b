import type { PageName } from '@portal/contracts/routes';
import { useMemo } from 'react';
import { useAccessContext } from '../../lib/access/access-context';
import { visiblePages } from '../../lib/access/visible-pages';

export function useVisiblePages(): ReadonlySet<PageName> {
  const context = useAccessContext();
  return useMemo(() => visiblePages(context), [context]);
}
