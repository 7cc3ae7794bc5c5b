import { decideAccess, PAGES, type AccessContext, type PageName } from '@portal/contracts/routes';

/**
 * The pages the navigation offers: those the route guard would let through. Both read `decideAccess`
 * with the same context, so a link is shown exactly when following it shows the page.
 */
export function visiblePages(context: AccessContext): ReadonlySet<PageName> {
  const names = Object.keys(PAGES) as PageName[];
  return new Set(names.filter((name) => decideAccess(PAGES[name], context) === 'allowed'));
}
