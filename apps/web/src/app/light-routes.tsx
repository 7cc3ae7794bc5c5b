import { LIGHT_PUBLIC_PAGES } from '@portal/contracts/routes';
import type { QueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useLocation, type RouteObject } from 'react-router';
import { LoadingPage } from '../components/loading-page';
import { publicPageRoutes } from './public-page-table';
import { RouteError } from './route-error';
import { PublicLayout } from './shell/public-layout';

/**
 * Any other path belongs to the signed-in app, which this entry does not hold: the browser loads it
 * (`/login` from "Start again", a page after the sign-in).
 */
function LeaveForApp() {
  const { pathname, search, hash } = useLocation();
  useEffect(() => {
    window.location.replace(`${pathname}${search}${hash}`);
  }, [pathname, search, hash]);
  return <LoadingPage />;
}

/** The light entry's routes: its pages in the public layout, as the app has them (app/routes.tsx). */
export function createLightRoutes(queryClient: QueryClient): RouteObject[] {
  return [
    {
      hydrateFallbackElement: <LoadingPage />,
      errorElement: <RouteError />,
      children: [
        {
          element: <PublicLayout />,
          children: [publicPageRoutes(LIGHT_PUBLIC_PAGES, queryClient)],
        },
        { path: '*', element: <LeaveForApp /> },
      ],
    },
  ];
}
