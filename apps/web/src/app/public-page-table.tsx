import { PUBLIC_PATHS } from '@portal/contracts/routes';
import type { RouteObject } from 'react-router';
import type { PageModule } from './page-table';
import { RouteError } from './route-error';

/**
 * The public routes of the contracts' PUBLIC_PATHS and their modules. In a file of its own, apart from
 * PAGE_TABLE, which the light entry must not load (docs/decisions/0014).
 */
export const PUBLIC_PAGE_TABLE: Readonly<Record<keyof typeof PUBLIC_PATHS, PageModule>> = {
  login: () => import('../pages/login/login-page'),
  signIn: () => import('../pages/sign-in/sign-in-page'),
  activate: () => import('../pages/activate/activate-page'),
  passwordReset: () => import('../pages/password-reset/password-reset-page'),
  forgotPassword: () => import('../pages/forgot-password/forgot-password-page'),
  implicitCallback: () => import('../pages/implicit-callback/implicit-callback-page'),
  logoutCallback: () => import('../pages/logout-callback/logout-callback-page'),
  checkout: () => import('../pages/checkout/checkout-page'),
};

/** The given public pages as routes, with the error element that keeps the public layout around them. */
export function publicPageRoutes(pages: readonly (keyof typeof PUBLIC_PATHS)[]): RouteObject {
  return {
    errorElement: <RouteError />,
    children: pages.map((page) => ({ path: PUBLIC_PATHS[page], lazy: PUBLIC_PAGE_TABLE[page] })),
  };
}
