import { PUBLIC_PATHS } from '@portal/contracts/routes';
import type { QueryClient } from '@tanstack/react-query';
import type { LoaderFunctionArgs, RouteObject } from 'react-router';
import { prefetchInteractionDetails } from '../pages/sign-in/interaction-details';
import type { PageModule } from './page-table';
import { RouteError } from './route-error';

type PublicPageName = keyof typeof PUBLIC_PATHS;

interface PublicPageEntry {
  readonly module: PageModule;
  /**
   * Starts the call the page's first paint waits on while its code loads (docs/decisions/0028). Kept
   * out of the page's module, which the router has not loaded yet when the call should leave.
   */
  readonly prefetch?: (args: Pick<LoaderFunctionArgs, 'params' | 'url'>, queryClient: QueryClient) => void;
}

/**
 * The public routes of the contracts' PUBLIC_PATHS and their modules. In a file of its own, apart from
 * PAGE_TABLE, which the light entry must not load (docs/decisions/0014).
 */
export const PUBLIC_PAGE_TABLE: Readonly<Record<PublicPageName, PublicPageEntry>> = {
  login: { module: () => import('../pages/login/login-page') },
  signIn: { module: () => import('../pages/sign-in/sign-in-page'), prefetch: prefetchInteractionDetails },
  activate: { module: () => import('../pages/activate/activate-page') },
  passwordReset: { module: () => import('../pages/password-reset/password-reset-page') },
  forgotPassword: { module: () => import('../pages/forgot-password/forgot-password-page') },
  implicitCallback: { module: () => import('../pages/implicit-callback/implicit-callback-page') },
  logoutCallback: { module: () => import('../pages/logout-callback/logout-callback-page') },
  checkout: { module: () => import('../pages/checkout/checkout-page') },
};

/**
 * The given public pages as routes, with the error element that keeps the public layout around them.
 * With a query client, a page's prefetch runs as a loader, which React Router starts together with the
 * page's lazy module; it resolves at once, so the page still shows its own loading state.
 */
export function publicPageRoutes(pages: readonly PublicPageName[], queryClient?: QueryClient): RouteObject {
  return {
    errorElement: <RouteError />,
    children: pages.map((page) => {
      const { module, prefetch } = PUBLIC_PAGE_TABLE[page];
      return {
        path: PUBLIC_PATHS[page],
        lazy: module,
        ...(prefetch !== undefined &&
          queryClient !== undefined && {
            loader: (args: LoaderFunctionArgs) => {
              prefetch(args, queryClient);
              return null;
            },
          }),
      };
    }),
  };
}
