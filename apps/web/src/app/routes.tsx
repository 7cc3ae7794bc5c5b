import { PAGES, type PageName } from '@portal/contracts/routes';
import type { RouteObject } from 'react-router';
import { LoadingPage } from '../components/loading-page';
import { RequireAuth } from '../lib/auth/require-auth';
import { NotFoundPage } from '../pages/not-found/not-found-page';
import type { PageHandle } from './current-page';
import { PAGE_TABLE, SETTINGS_GROUP } from './page-table';
import { PUBLIC_PAGE_TABLE, publicPageRoutes } from './public-page-table';
import { RouteError } from './route-error';
import { SignedInSession } from './session/signed-in-session';
import { AppLayout } from './shell/app-layout';
import { PublicLayout } from './shell/public-layout';
import { SettingsLayout } from './shell/settings-layout';

function pageRoute(page: PageName): RouteObject {
  const handle: PageHandle = { page };
  return { path: PAGES[page].path, lazy: PAGE_TABLE[page].module, handle };
}

/** Every route of the portal, built from the contracts' tables; the browser and the tests share it. */
export function createAppRoutes(): RouteObject[] {
  const pages = Object.keys(PAGE_TABLE) as PageName[];
  const publicPages = Object.keys(PUBLIC_PAGE_TABLE) as (keyof typeof PUBLIC_PAGE_TABLE)[];
  return [
    {
      hydrateFallbackElement: <LoadingPage />,
      errorElement: <RouteError />,
      children: [
        {
          element: <PublicLayout />,
          children: [publicPageRoutes(publicPages)],
        },
        {
          // Signed out, every route below goes to /login and comes back after sign-in (§2).
          element: <RequireAuth />,
          children: [
            {
              element: <SignedInSession />,
              children: [
                {
                  element: <AppLayout />,
                  children: [
                    {
                      // Inside the shell, so that a failing page keeps the header and the navigation.
                      errorElement: <RouteError />,
                      children: [
                        {
                          index: true,
                          lazy: PAGE_TABLE.transactions.module,
                          handle: { page: 'transactions' } satisfies PageHandle,
                        },
                        ...pages.filter((page) => !SETTINGS_GROUP.has(page)).map(pageRoute),
                        {
                          element: <SettingsLayout />,
                          children: pages.filter((page) => SETTINGS_GROUP.has(page)).map(pageRoute),
                        },
                        { path: '*', element: <NotFoundPage /> },
                      ],
                    },
                  ],
                },
              ],
            },
          ],
        },
      ],
    },
  ];
}
