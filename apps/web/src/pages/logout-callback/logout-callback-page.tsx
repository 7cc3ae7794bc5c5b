import { PUBLIC_PATHS } from '@portal/contracts/routes';
import { Navigate } from 'react-router';

/** The return from the identity provider's logout goes on to the sign-in page (specification §2). */
export function Component() {
  return <Navigate to={PUBLIC_PATHS.login} replace />;
}
