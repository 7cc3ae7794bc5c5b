import { PUBLIC_PATHS } from '@portal/contracts/routes';
import { useEffect, type ReactNode } from 'react';
import { Outlet, useLocation, useNavigate } from 'react-router';
import { LoadingPage } from '../../components/loading-page';
import { useAuth } from './auth-context';
import { rememberOriginPath } from './origin-path';

function RedirectToLogin({ from }: { readonly from: string }) {
  const navigate = useNavigate();
  useEffect(() => {
    rememberOriginPath(from);
    void navigate(PUBLIC_PATHS.login, { replace: true });
  }, [from, navigate]);
  return null;
}

/**
 * The authenticated routes (specification §2): signed out, the user goes to /login and the path (with
 * its query) is remembered for after sign-in. Wraps `children`, or is a layout route's element.
 */
export function RequireAuth({ children }: { readonly children?: ReactNode }) {
  const { status } = useAuth();
  const { pathname, search, hash } = useLocation();
  if (status === 'loading') return <LoadingPage />;
  if (status === 'signed-out') return <RedirectToLogin from={pathname + search + hash} />;
  return children ?? <Outlet />;
}
